# visible: fails
# mistake: the bias check tests the flag
# why: bias is a bool, never None, so with bias=False the code fills self.bias, which is None, and raises AttributeError.
# see: Bug 1: the bias check tests the flag
# hint: which name is None exactly when there is no bias: the flag, or the attribute?
class LeakyLinear(nn.Module):
    def __init__(self, input_features, output_features, bias=True, negative_slope=0.2):
        super().__init__()
        self.negative_slope = negative_slope
        self.weight = nn.Parameter(torch.empty(output_features, input_features))
        if bias:
            self.bias = nn.Parameter(torch.empty(output_features))
        else:
            self.register_parameter("bias", None)
        bound = 1 / math.sqrt(input_features)
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if bias is not None:
            nn.init.uniform_(self.bias, -bound, bound)

    def reset_parameters(self):
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            bound = 1 / math.sqrt(self.weight.shape[1])
            nn.init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return LeakyReLUFunction.apply(LinearFunction.apply(input, self.weight, self.bias), self.negative_slope)
