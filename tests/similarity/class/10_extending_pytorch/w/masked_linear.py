# copy of n1: rename
class MaskedLinear(Linear):
    """``y = x (W * mask)^T + b``: a Linear whose weight is multiplied by a fixed 0/1 mask (out, in)."""

    def __init__(self, mask: Tensor, bias: bool = True) -> None:
        """The mask (out_features, in_features) fixes the sizes; it is kept as a buffer named mask."""
        o = mask.shape[0]
        i = mask.shape[1]
        super().__init__(i, o, bias=bias)
        self.register_buffer("mask", mask)

    def forward(self, input: Tensor) -> Tensor:
        """(N, in_features) -> (N, out_features), through TorchLinearFunction with the masked weight."""
        w = self.weight * self.mask
        return TorchLinearFunction.apply(input, w, self.bias)
