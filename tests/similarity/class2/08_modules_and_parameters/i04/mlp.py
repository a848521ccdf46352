# source: written for this set, a student who reads the registries once into locals
class MLP(Module):
    """``MLP([2, 16, 16, 2])`` is Linear(2, 16), act, Linear(16, 16), act, Linear(16, 2).

    x (N, sizes[0]) -> (N, sizes[-1]); no activation after the last layer (it gives logits).
    The layers live in ``self.layers`` (a Sequential), so parameter names read
    ``layers.0.weight``, ``layers.2.bias``, ...
    """

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        pieces = []
        pairs = list(zip(sizes[:-1], sizes[1:]))
        for n, (a, b) in enumerate(pairs):
            pieces.append(Linear(a, b))
            if n != len(pairs) - 1:
                pieces.append(activation())
        self.layers = Sequential(*pieces)

    def forward(self, x: Tensor) -> Tensor:
        """``self.layers(x)``."""
        return self.layers(x)
