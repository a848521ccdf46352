# source: written for this set
class MLP(Module):
    """``MLP([2, 16, 16, 2])`` is Linear(2, 16), act, Linear(16, 16), act, Linear(16, 2).

    x (N, sizes[0]) -> (N, sizes[-1]); no activation after the last layer (it gives logits).
    The layers live in ``self.layers`` (a Sequential), so parameter names read
    ``layers.0.weight``, ``layers.2.bias``, ...
    """

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        all_layers = []
        number_of_linear = len(sizes) - 1
        for k in range(number_of_linear):
            all_layers.append(Linear(sizes[k], sizes[k + 1]))
            is_last = k == number_of_linear - 1
            if not is_last:
                all_layers.append(activation())
        self.layers = Sequential(*all_layers)

    def forward(self, x: Tensor) -> Tensor:
        """``self.layers(x)``."""
        return self.layers(x)
