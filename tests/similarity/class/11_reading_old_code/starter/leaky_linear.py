# source: assignments/11_reading_old_code/11_reading_old_code.ipynb, cell leaky_linear
class LeakyLinear(nn.Module):
    """``leaky_relu(input @ weight.T + bias, negative_slope)``: the old layer, ported and fixed."""

    def __init__(self, input_features: int, output_features: int, bias: bool = True,
                 negative_slope: float = 0.2) -> None:
        super().__init__()
        # YOUR CODE HERE
        raise NotImplementedError()

    def reset_parameters(self) -> None:
        """Weight, then bias, from U(-1/sqrt(input_features), 1/sqrt(input_features)), as nn.Linear."""
        # YOUR CODE HERE
        raise NotImplementedError()

    def forward(self, input: Tensor) -> Tensor:
        """(N, input_features) -> (N, output_features)."""
        # YOUR CODE HERE
        raise NotImplementedError()
