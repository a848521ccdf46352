# visible: fails
# mistake: bound 1/in instead of 1/sqrt(in)
# why: for 400 inputs the weights stay within 1/400 instead of 1/20: a wide layer starts almost silent.
# see: Initialisation: a uniform range, and why its scale matters
# hint: what variance does U(-b, b) have, and which b makes n Var(w) = 1/3?
class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, dtype=None):
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

    def reset_parameters(self):
        bound = 1 / self.in_features if self.in_features > 0 else 0
        init.uniform_(self.weight, -bound, bound)
        if self.bias is not None:
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)
