# visible: fails
# mistake: reset_parameters tests a stored copy of the bias flag instead of self.bias
# why: works for a fresh layer, but after layer.bias = None (removing the bias, as rule 2 of chapter 8 allows) layer.reset_parameters() raises on None instead of skipping the absent bias: bug 1 again, one step removed.
# see: Bug 1: the bias check tests the flag
# hint: The statement says "Test self.bias, not the flag": what does your reset_parameters do when the bias has been set to None after construction?
class LeakyLinear(nn.Module):
    """``leaky_relu(input @ weight.T + bias, negative_slope)``: the old layer, ported and fixed."""

    def __init__(self, input_features: int, output_features: int, bias: bool = True,
                 negative_slope: float = 0.2) -> None:
        super().__init__()
        self.input_features = input_features
        self.output_features = output_features
        self.negative_slope = negative_slope
        self.use_bias = bias
        self.weight = nn.Parameter(torch.empty(output_features, input_features))
        if bias:
            self.bias = nn.Parameter(torch.empty(output_features))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        """Weight, then bias, from U(-1/sqrt(input_features), 1/sqrt(input_features)), as nn.Linear."""
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.use_bias:
            bound = 1 / math.sqrt(self.input_features) if self.input_features > 0 else 0
            nn.init.uniform_(self.bias, -bound, bound)

    def forward(self, input: Tensor) -> Tensor:
        """(N, input_features) -> (N, output_features)."""
        return LeakyReLUFunction.apply(LinearFunction.apply(input, self.weight, self.bias), self.negative_slope)
