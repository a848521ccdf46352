# heldout: the weight is masked once, at the start
class MaskedLinear(Linear):
    """``y = x (W * mask)^T + b``: a Linear whose weight is multiplied by a fixed 0/1 mask (out, in)."""

    def __init__(self, mask: Tensor, bias: bool = True) -> None:
        """The mask (out_features, in_features) fixes the sizes; it is kept as a buffer named mask."""
        rows, cols = mask.shape
        super().__init__(cols, rows, bias)
        self.register_buffer("mask", mask)
        with torch.no_grad():
            self.weight.mul_(self.mask)  # cut the connections once and for all

    def forward(self, input: Tensor) -> Tensor:
        """(N, in_features) -> (N, out_features), through TorchLinearFunction with the masked weight."""
        return TorchLinearFunction.apply(input, self.weight, self.bias)
