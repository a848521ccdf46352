# source: written for this set, a student who writes guard clauses
class Linear(Module):

    def __init__(self, in_features: int, out_features: int, bias: bool = True, dtype: Any = None) -> None:
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        dtype = dtype or np.float64
        w = np.empty((out_features, in_features), dtype=dtype)
        self.weight = Parameter(w)
        b = Parameter(np.empty(out_features, dtype=dtype)) if bias else None
        self.register_parameter("bias", b)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        fan_in = self.in_features
        limit = 0.0
        if fan_in > 0:
            limit = fan_in ** -0.5
        init.uniform_(self.weight, -limit, limit)
        if self.bias is not None:
            init.uniform_(self.bias, -limit, limit)

    def forward(self, input: Tensor) -> Tensor:
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self) -> str:
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}"
