# visible: fails
# mistake: the dtype argument is ignored
# why: np.empty(shape) without dtype is always float64, so Linear(3, 2, dtype=np.float32) holds float64 parameters.
# see: Exercise 2 · A `Linear` module (3 points)
# hint: where does the dtype argument have to reach?
class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        dtype = dtype or np.float64
        self.weight = Parameter(np.empty((out_features, in_features)))
        if bias:
            self.bias = Parameter(np.empty(out_features))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            bound = 1 / math.sqrt(self.in_features) if self.in_features > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)
