# source: course/10_extending_pytorch/10_extending_pytorch.md, cell masked_linear
class MaskedLinear(Linear):
    """``y = x (W * mask)^T + b``: a Linear whose weight is multiplied by a fixed 0/1 mask (out, in)."""

    def __init__(self, mask: Tensor, bias: bool = True) -> None:
        """The mask (out_features, in_features) fixes the sizes; it is kept as a buffer named mask."""
        out_features, in_features = mask.shape
        super().__init__(in_features, out_features, bias)
        self.register_buffer("mask", mask)

    def forward(self, input: Tensor) -> Tensor:
        """(N, in_features) -> (N, out_features), through TorchLinearFunction with the masked weight."""
        return TorchLinearFunction.apply(input, self.weight * self.mask, self.bias)
