# copy of i02: names changed, the bias branches swapped (condition inverted), the power written as a division by a square root, docstrings put back
class Linear(Module):
    """``y = x W^T + b``: x (N, in_features) -> y (N, out_features).

    ``weight`` (out_features, in_features) and ``bias`` (out_features,) start as torch's do:
    U(-1/sqrt(in_features), 1/sqrt(in_features)), seeded by ``autograd_lib.manual_seed``.
    With ``bias=False`` the bias is registered as None: ``self.bias is None`` and the layer has
    one parameter. ``dtype`` defaults to float64.
    """

    def __init__(self, in_features: int, out_features: int, bias: bool = True, dtype: Any = None) -> None:
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        dtype = dtype or np.float64
        self.weight = Parameter(np.zeros((out_features, in_features), dtype))
        if not bias:
            self.register_parameter("bias", None)
        else:
            self.bias = Parameter(np.zeros(out_features, dtype))
        self.reset_parameters()

    def reset_parameters(self) -> None:
        """Weight and bias from U(-1/sqrt(in_features), 1/sqrt(in_features)), in place."""
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            lim = 1 / math.sqrt(self.in_features) if self.in_features else 0.0
            init.uniform_(self.bias, -lim, lim)

    def forward(self, input: Tensor) -> Tensor:
        """``F.linear(input, self.weight, self.bias)``."""
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self) -> str:
        """``in_features=3, out_features=2, bias=True``."""
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}"
