# visible: fails
# mistake: the tutorial's slope hard-coded
# why: forward always passes 0.2, so a layer made with another slope still uses 0.2.
# see: Porting: constructor arguments become `forward` arguments
# hint: the layer stores its own slope; does forward read it?
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
        return LeakyReLUFunction.apply(LinearFunction.apply(input, self.weight, self.bias), 0.2)
