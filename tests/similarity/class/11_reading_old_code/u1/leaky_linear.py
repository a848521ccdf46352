# source: tests/unusual_correct/11_reading_old_code/leaky_linear__borrows_nn_linear_reset.py
class LeakyLinear(nn.Module):
    def __init__(self, input_features, output_features, bias=True, negative_slope=0.2):
        super().__init__()
        self.negative_slope = negative_slope
        self.weight = nn.Parameter(torch.Tensor(output_features, input_features))
        self.register_parameter("bias", nn.Parameter(torch.Tensor(output_features)) if bias else None)
        self.reset_parameters()

    def reset_parameters(self):
        nn.Linear.reset_parameters(self)

    def forward(self, input):
        return LeakyReLUFunction.apply(LinearFunction.apply(input, self.weight, self.bias), self.negative_slope)
