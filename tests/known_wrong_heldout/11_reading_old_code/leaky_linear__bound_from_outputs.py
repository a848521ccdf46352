# heldout: the bias range from the outputs
class LeakyLinear(nn.Module):
    """``leaky_relu(input @ weight.T + bias, negative_slope)``: the old layer, ported and fixed."""

    def __init__(self, input_features: int, output_features: int, bias: bool = True,
                 negative_slope: float = 0.2) -> None:
        super().__init__()
        self.input_features = input_features
        self.output_features = output_features
        self.negative_slope = negative_slope
        self.weight = nn.Parameter(torch.empty(output_features, input_features))
        if not bias:
            self.register_parameter("bias", None)
        else:
            self.bias = nn.Parameter(torch.empty(output_features))
        self.reset_parameters()

    def reset_parameters(self) -> None:
        """Weight, then bias, from U(-1/sqrt(input_features), 1/sqrt(input_features)), as nn.Linear."""
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is None:
            return
        fan = self.output_features
        edge = 1.0 / math.sqrt(fan) if fan > 0 else 0.0
        nn.init.uniform_(self.bias, -edge, edge)

    def forward(self, input: Tensor) -> Tensor:
        """(N, input_features) -> (N, output_features)."""
        z = LinearFunction.apply(input, self.weight, self.bias)
        return LeakyReLUFunction.apply(z, self.negative_slope)
