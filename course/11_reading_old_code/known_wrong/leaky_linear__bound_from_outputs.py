# visible: fails
# mistake: the bias range from the outputs
# why: the bias is drawn from 1/sqrt(output_features), so its numbers differ from nn.Linear's whenever in != out.
# see: Bug 2: uninitialised weights
# hint: which size sets the range of nn.Linear's bias?
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
            bound = 1 / math.sqrt(self.output_features)
            nn.init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return LeakyReLUFunction.apply(LinearFunction.apply(input, self.weight, self.bias), self.negative_slope)
