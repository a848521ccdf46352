# copy of u2: rename, recomment, no_grad turned into nn.init
class LeakyLinear(nn.Module):
    def __init__(self, input_features, output_features, bias=True, negative_slope=0.2):
        super().__init__()
        self.n_in = input_features
        self.neg = negative_slope
        self.weight = nn.Parameter(torch.empty(output_features, input_features))
        if bias:
            self.bias = nn.Parameter(torch.empty(output_features))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        k = self.n_in ** -0.5  # as nn.Linear
        for p in (self.weight, self.bias):
            if p is not None:
                nn.init.uniform_(p, -k, k)

    def forward(self, input):
        return F.leaky_relu(F.linear(input, self.weight, self.bias), self.neg)
