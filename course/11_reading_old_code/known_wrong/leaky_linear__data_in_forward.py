# visible: fails
# mistake: forward uses .data
# why: self.weight.data and self.bias.data are cut from the graph, so the output is right but the parameters get no gradient.
# see: Exercise 2 · Port and fix an old layer (2 points)
# hint: which tensors must forward use so that backward reaches the parameters?
class LeakyLinear(nn.Module):
    def __init__(self, input_features, output_features, bias=True, negative_slope=0.2):
        super().__init__()
        self.input_features = input_features
        self.output_features = output_features
        self.negative_slope = negative_slope
        self.weight = nn.Parameter(torch.empty(output_features, input_features))
        if bias:
            self.bias = nn.Parameter(torch.empty(output_features))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            bound = 1 / math.sqrt(self.input_features)
            nn.init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        bias = None if self.bias is None else self.bias.data
        return LeakyReLUFunction.apply(LinearFunction.apply(input, self.weight.data, bias), self.negative_slope)
