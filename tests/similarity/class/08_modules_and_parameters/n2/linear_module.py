# source: written for this set
class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        dtype = dtype or np.float64
        self.weight = Parameter(np.ones((out_features, in_features), dtype=dtype))
        self.bias = Parameter(np.ones(out_features, dtype=dtype)) if bias else None
        if not bias:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        k = self.in_features ** -0.5 if self.in_features else 0.0
        init.uniform_(self.weight, -k, k)
        self.bias is None or init.uniform_(self.bias, -k, k)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self) -> str:
        """``in_features=3, out_features=2, bias=True``."""
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}"
