# visible: fails
# mistake: forward computed with numpy on .data
# why: the output has the right values, but it is a new Tensor with no graph behind it: backward gives the weight, the bias and the input no gradient.
# see: Exercise 2 · A `Linear` module (3 points)
# hint: which function of chapter 7 computes the layer and records it for backward?
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
            bound = 1 / math.sqrt(self.in_features) if self.in_features > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        output = input.data @ self.weight.data.T
        if self.bias is not None:
            output = output + self.bias.data
        return Tensor(output, requires_grad=True)
