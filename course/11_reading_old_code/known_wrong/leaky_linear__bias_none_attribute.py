# visible: fails
# mistake: an absent bias as a plain attribute
# why: self.bias = None is not registered, so the layer's parameter table has no bias entry, unlike nn.Linear's.
# see: Bug 1: the bias check tests the flag
# hint: how does a Module record an optional parameter that is absent?
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
            self.bias = None
        self.reset_parameters()

    def reset_parameters(self):
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            bound = 1 / math.sqrt(self.input_features)
            nn.init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return LeakyReLUFunction.apply(LinearFunction.apply(input, self.weight, self.bias), self.negative_slope)
