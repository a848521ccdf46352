# visible: fails
# mistake: Glorot's range for the weight
# why: xavier_uniform_ uses sqrt(6 / (in + out)), wider than 1/sqrt(in) for small layers, so weights fall outside PyTorch's range.
# see: Initialisation: a uniform range, and why its scale matters
# hint: which range does PyTorch's Linear use, and which init call gives it?
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
        init.xavier_uniform_(self.weight)
        if self.bias is not None:
            bound = 1 / math.sqrt(self.in_features) if self.in_features > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)
