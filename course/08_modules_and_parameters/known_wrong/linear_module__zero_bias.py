# visible: fails
# mistake: the bias starts at zero
# why: a zero bias is a common habit, but PyTorch's Linear draws the bias from the same range as the weight.
# see: Exercise 2 · A `Linear` module (3 points)
# hint: what does reset_parameters fill besides the weight?
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
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            init.zeros_(self.bias)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)
