# source: written for this set, a student who asks the registries by attribute
class MLP(Module):
    """``MLP([2, 16, 16, 2])`` is Linear(2, 16), act, Linear(16, 16), act, Linear(16, 2).

    x (N, sizes[0]) -> (N, sizes[-1]); no activation after the last layer (it gives logits).
    The layers live in ``self.layers`` (a Sequential), so parameter names read
    ``layers.0.weight``, ``layers.2.bias``, ...
    """

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        parts = []
        for i in range(1, len(sizes)):
            if parts:
                parts.append(activation())
            parts.append(Linear(sizes[i - 1], sizes[i]))
        self.layers = Sequential(*parts)

    def forward(self, x: Tensor) -> Tensor:
        """``self.layers(x)``."""
        return self.layers.forward(x)
