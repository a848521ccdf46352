# source: written for this set
class MaskedLinear(Linear):
    """``y = x (W * mask)^T + b``: a Linear whose weight is multiplied by a fixed 0/1 mask (out, in)."""

    def __init__(self, mask: Tensor, bias: bool = True) -> None:
        """The mask (out_features, in_features) fixes the sizes; it is kept as a buffer named mask."""
        number_out = mask.shape[0]
        number_in = mask.shape[1]
        super().__init__(number_in, number_out, bias=bias)
        self.register_buffer("mask", mask)

    def forward(self, input: Tensor) -> Tensor:
        """(N, in_features) -> (N, out_features), through TorchLinearFunction with the masked weight."""
        masked_weight = self.weight * self.mask
        return TorchLinearFunction.apply(input, masked_weight, self.bias)
