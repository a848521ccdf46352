# visible: fails
# mistake: self.bias = None instead of registering it
# why: a plain None does not reserve the name bias, so a plain tensor assigned to it later is silently kept instead of refused with a TypeError.
# see: Exercise 2 · A `Linear` module (3 points)
# hint: which call makes bias a registered parameter that happens to be absent?
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
            self.bias = None
        self.reset_parameters()

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            bound = 1 / math.sqrt(self.in_features) if self.in_features > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)
