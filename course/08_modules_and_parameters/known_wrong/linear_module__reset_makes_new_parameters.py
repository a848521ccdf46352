# visible: fails
# mistake: reset_parameters assigns new Parameter objects instead of filling the existing ones in place
# why: after opt = SGD(layer.parameters()); layer.reset_parameters(), the optimiser still holds the old tensors, so opt.step() updates tensors the layer no longer uses (and the dtype falls back to float64).
# see: Exercise 2 · A `Linear` module (3 points)
# hint: The statement says to fill the weight and the bias "in place": is layer.weight the same object before and after your reset_parameters()?
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
        self.weight = Parameter(np.empty((out_features, in_features), dtype=dtype))
        if bias:
            self.bias = Parameter(np.empty(out_features, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        """Weight and bias from U(-1/sqrt(in_features), 1/sqrt(in_features)), in place."""
        bound = 1 / math.sqrt(self.in_features) if self.in_features > 0 else 0.0
        weight = Parameter(np.empty((self.out_features, self.in_features)))
        self.weight = init.uniform_(weight, -bound, bound)
        if self.bias is not None:
            bias = Parameter(np.empty(self.out_features))
            self.bias = init.uniform_(bias, -bound, bound)

    def forward(self, input: Tensor) -> Tensor:
        """``F.linear(input, self.weight, self.bias)``."""
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self) -> str:
        """``in_features=3, out_features=2, bias=True``."""
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}"
