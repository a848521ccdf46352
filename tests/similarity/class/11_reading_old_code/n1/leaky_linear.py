# source: written for this set
class LeakyLinear(nn.Module):
    """``leaky_relu(input @ weight.T + bias, negative_slope)``: the old layer, ported and fixed."""

    def __init__(self, input_features: int, output_features: int, bias: bool = True,
                 negative_slope: float = 0.2) -> None:
        super().__init__()
        self.input_features = input_features
        self.output_features = output_features
        self.negative_slope = negative_slope
        # nn.Parameter registers the tensors, so model.parameters() finds them
        self.weight = nn.Parameter(torch.zeros(output_features, input_features))
        if bias:
            self.bias = nn.Parameter(torch.zeros(output_features))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        """Weight, then bias, from U(-1/sqrt(input_features), 1/sqrt(input_features)), as nn.Linear."""
        if self.input_features > 0:
            half_width = 1.0 / math.sqrt(self.input_features)
        else:
            half_width = 0.0
        nn.init.uniform_(self.weight, -half_width, half_width)
        if self.bias is not None:
            nn.init.uniform_(self.bias, -half_width, half_width)

    def forward(self, input: Tensor) -> Tensor:
        """(N, input_features) -> (N, output_features)."""
        linear_output = LinearFunction.apply(input, self.weight, self.bias)
        activated = LeakyReLUFunction.apply(linear_output, self.negative_slope)
        return activated
