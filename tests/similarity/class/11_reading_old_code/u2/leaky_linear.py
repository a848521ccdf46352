# source: tests/unusual_correct/11_reading_old_code/leaky_linear__uniform_under_no_grad.py, as it was before its forward ported the two calls (it wrote them with F.linear and F.leaky_relu)
class LeakyLinear(nn.Module):
    def __init__(self, input_features, output_features, bias=True, negative_slope=0.2):
        super().__init__()
        self.fan_in = input_features
        self.slope = negative_slope
        self.weight = nn.Parameter(torch.empty(output_features, input_features))
        if bias:
            self.bias = nn.Parameter(torch.empty(output_features))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        bound = self.fan_in ** -0.5
        with torch.no_grad():
            for parameter in (self.weight, self.bias):
                if parameter is not None:
                    parameter.uniform_(-bound, bound)

    def forward(self, input):
        return F.leaky_relu(F.linear(input, self.weight, self.bias), self.slope)
