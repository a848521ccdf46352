# copy of n1: rename, recomment, the if turned into a conditional expression
class LeakyLinear(nn.Module):
    """``leaky_relu(input @ weight.T + bias, negative_slope)``: the old layer, ported and fixed."""

    def __init__(self, input_features: int, output_features: int, bias: bool = True,
                 negative_slope: float = 0.2) -> None:
        super().__init__()
        self.input_features = input_features
        self.output_features = output_features
        self.negative_slope = negative_slope
        self.weight = nn.Parameter(torch.zeros(output_features, input_features))
        if bias:
            self.bias = nn.Parameter(torch.zeros(output_features))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        """Weight, then bias, from U(-1/sqrt(input_features), 1/sqrt(input_features)), as nn.Linear."""
        hw = 1.0 / math.sqrt(self.input_features) if self.input_features > 0 else 0.0
        nn.init.uniform_(self.weight, -hw, hw)
        if self.bias is not None:
            nn.init.uniform_(self.bias, -hw, hw)

    def forward(self, input: Tensor) -> Tensor:
        """(N, input_features) -> (N, output_features)."""
        lin = LinearFunction.apply(input, self.weight, self.bias)
        out = LeakyReLUFunction.apply(lin, self.negative_slope)
        return out
