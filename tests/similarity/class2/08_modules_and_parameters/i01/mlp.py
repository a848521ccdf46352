# source: written for this set, a verbose student (explicit branches, comments)
class MLP(Module):
    """``MLP([2, 16, 16, 2])`` is Linear(2, 16), act, Linear(16, 16), act, Linear(16, 2).

    x (N, sizes[0]) -> (N, sizes[-1]); no activation after the last layer (it gives logits).
    The layers live in ``self.layers`` (a Sequential), so parameter names read
    ``layers.0.weight``, ``layers.2.bias``, ...
    """

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        layer_list = []
        number_of_layers = len(sizes) - 1
        for layer_index in range(number_of_layers):
            layer_list.append(Linear(sizes[layer_index], sizes[layer_index + 1]))
            # no activation after the last layer
            if layer_index < number_of_layers - 1:
                layer_list.append(activation())
        self.layers = Sequential(*layer_list)

    def forward(self, x: Tensor) -> Tensor:
        """``self.layers(x)``."""
        result = self.layers(x)
        return result
