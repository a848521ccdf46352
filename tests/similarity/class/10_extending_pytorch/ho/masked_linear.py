# source: tests/known_wrong_heldout/10_extending_pytorch/masked_linear__always_bias.py
class MaskedLinear(Linear):
    """``y = x (W * mask)^T + b``: a Linear whose weight is multiplied by a fixed 0/1 mask (out, in)."""

    def __init__(self, mask: Tensor, bias: bool = True) -> None:
        """The mask (out_features, in_features) fixes the sizes; it is kept as a buffer named mask."""
        out_features, in_features = mask.shape
        super().__init__(in_features, out_features)
        self.register_buffer("mask", mask)

    def forward(self, input: Tensor) -> Tensor:
        """(N, in_features) -> (N, out_features), through TorchLinearFunction with the masked weight."""
        effective = torch.mul(self.weight, self.mask)
        return TorchLinearFunction.apply(input, effective, self.bias)
