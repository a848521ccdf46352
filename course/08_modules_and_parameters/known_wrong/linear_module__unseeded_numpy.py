# visible: fails
# mistake: drawn with numpy's own generator
# why: np.random.uniform gives the right range, but autograd_lib.manual_seed does not seed it, so a seeded model is not repeatable.
# see: Exercise 2 · A `Linear` module (3 points)
# hint: which module draws from the generator that autograd_lib.manual_seed seeds?
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
        bound = 1 / math.sqrt(self.in_features) if self.in_features > 0 else 0
        self.weight.data[...] = np.random.uniform(-bound, bound, size=self.weight.shape)
        if self.bias is not None:
            self.bias.data[...] = np.random.uniform(-bound, bound, size=self.bias.shape)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)
