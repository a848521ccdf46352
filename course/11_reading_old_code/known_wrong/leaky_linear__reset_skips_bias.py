# visible: fails
# mistake: reset_parameters fills only the weight
# why: the bias is drawn once in __init__, so it starts right, but a later reset_parameters() leaves the old bias.
# see: Bug 2: uninitialised weights
# hint: which parameters should one call of reset_parameters() draw again?
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
        if self.bias is not None:
            bound = 1 / math.sqrt(input_features)
            nn.init.uniform_(self.bias, -bound, bound)

    def reset_parameters(self):
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))

    def forward(self, input):
        return LeakyReLUFunction.apply(LinearFunction.apply(input, self.weight, self.bias), self.negative_slope)
