# source: written for this set, a student who tests the plain case first
class MLP(Module):
    """``MLP([2, 16, 16, 2])`` is Linear(2, 16), act, Linear(16, 16), act, Linear(16, 2).

    x (N, sizes[0]) -> (N, sizes[-1]); no activation after the last layer (it gives logits).
    The layers live in ``self.layers`` (a Sequential), so parameter names read
    ``layers.0.weight``, ``layers.2.bias``, ...
    """

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        acts = [activation() for _ in range(len(sizes) - 2)]
        lins = [Linear(sizes[i], sizes[i + 1]) for i in range(len(sizes) - 1)]
        ordered = [lins[0]]
        for act, lin in zip(acts, lins[1:]):
            ordered += [act, lin]
        self.layers = Sequential(*ordered)

    def forward(self, x: Tensor) -> Tensor:
        """``self.layers(x)``."""
        return self.layers(x)
