# visible: fails
# mistake: forward rewritten with F.linear and F.leaky_relu instead of porting the two calls
# why: the numbers are right, but the layer no longer runs LinearFunction or LeakyReLUFunction: its output's grad_fn is LeakyReluBackward0 and chapter 7's Function is never used, which the statement ("Port it; do not rewrite what already exists") rules out.
# see: Exercise 2 · Port and fix an old layer (2 points)
# hint: The statement says to reuse LinearFunction and your LeakyReLUFunction: which Functions does your forward call?
class LeakyLinear(nn.Module):
    """``leaky_relu(input @ weight.T + bias, negative_slope)``: the old layer, ported and fixed."""

    def __init__(self, input_features: int, output_features: int, bias: bool = True,
                 negative_slope: float = 0.2) -> None:
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

    def reset_parameters(self) -> None:
        """Weight, then bias, from U(-1/sqrt(input_features), 1/sqrt(input_features)), as nn.Linear."""
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            bound = 1 / math.sqrt(self.input_features) if self.input_features > 0 else 0
            nn.init.uniform_(self.bias, -bound, bound)

    def forward(self, input: Tensor) -> Tensor:
        """(N, input_features) -> (N, output_features)."""
        return F.leaky_relu(F.linear(input, self.weight, self.bias), self.negative_slope)
