# visible: fails
# Makes the bias a plain tensor that requires grad, not an nn.Parameter: it is not registered.
class Linear(nn.Module):
    def __init__(self, in_features, out_features, bias=True):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = nn.Parameter(torch.empty(out_features, in_features))
        self.bias = torch.empty(out_features, requires_grad=True) if bias else None
        self.reset_parameters()

    def reset_parameters(self):
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            bound = 1 / math.sqrt(self.in_features)
            with torch.no_grad():
                self.bias.uniform_(-bound, bound)

    def forward(self, input):
        return LinearFunction.apply(input, self.weight, self.bias)
