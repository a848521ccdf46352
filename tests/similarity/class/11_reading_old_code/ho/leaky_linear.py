# source: tests/known_wrong_heldout/11_reading_old_code/leaky_linear__bias_first.py
class LeakyLinear(nn.Module):
    """``leaky_relu(input @ weight.T + bias, negative_slope)``: the old layer, ported and fixed."""

    def __init__(self, input_features: int, output_features: int, bias: bool = True,
                 negative_slope: float = 0.2) -> None:
        super().__init__()
        self.input_features = input_features
        self.output_features = output_features
        self.negative_slope = negative_slope
        self.weight = nn.Parameter(torch.empty((output_features, input_features)))
        if bias:
            self.bias = nn.Parameter(torch.empty((output_features,)))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        """Weight, then bias, from U(-1/sqrt(input_features), 1/sqrt(input_features)), as nn.Linear."""
        limit = 1.0 / math.sqrt(self.input_features) if self.input_features > 0 else 0.0
        with torch.no_grad():
            if self.bias is not None:
                self.bias.uniform_(-limit, limit)
            self.weight.uniform_(-limit, limit)

    def forward(self, input: Tensor) -> Tensor:
        """(N, input_features) -> (N, output_features)."""
        pre = LinearFunction.apply(input, self.weight, self.bias)
        return LeakyReLUFunction.apply(pre, self.negative_slope)
