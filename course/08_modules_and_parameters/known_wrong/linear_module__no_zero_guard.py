# visible: fails
# mistake: the bound is not guarded against in_features = 0
# why: 1 / math.sqrt(0) raises ZeroDivisionError, so Linear(0, 3) cannot be built; PyTorch gives it a zero bias.
# see: Exercise 2 · A `Linear` module (3 points)
# hint: what should the bound be when there are no inputs?
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
        bound = 1 / math.sqrt(self.in_features)
        init.uniform_(self.weight, -bound, bound)
        if self.bias is not None:
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)
