# source: written for this set, a student who names every test
class MLP(Module):
    """``MLP([2, 16, 16, 2])`` is Linear(2, 16), act, Linear(16, 16), act, Linear(16, 2).

    x (N, sizes[0]) -> (N, sizes[-1]); no activation after the last layer (it gives logits).
    The layers live in ``self.layers`` (a Sequential), so parameter names read
    ``layers.0.weight``, ``layers.2.bias``, ...
    """

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        count = len(sizes) - 1
        modules = []
        for index in range(count):
            is_last = index == count - 1
            modules.append(Linear(sizes[index], sizes[index + 1]))
            if not is_last:
                modules.append(activation())
        self.layers = Sequential(*modules)

    def forward(self, x: Tensor) -> Tensor:
        """``self.layers(x)``."""
        return self.layers(x)
