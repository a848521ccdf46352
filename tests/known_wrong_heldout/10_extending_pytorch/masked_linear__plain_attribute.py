# heldout: the mask is a plain attribute
class MaskedLinear(Linear):
    """``y = x (W * mask)^T + b``: a Linear whose weight is multiplied by a fixed 0/1 mask (out, in)."""

    def __init__(self, mask: Tensor, bias: bool = True) -> None:
        """The mask (out_features, in_features) fixes the sizes; it is kept as a buffer named mask."""
        n_out, n_in = mask.shape[0], mask.shape[1]
        super().__init__(n_in, n_out, bias=bias)
        self.mask = mask

    def forward(self, input: Tensor) -> Tensor:
        """(N, in_features) -> (N, out_features), through TorchLinearFunction with the masked weight."""
        masked = self.mask * self.weight
        return TorchLinearFunction.apply(input, masked, self.bias)
