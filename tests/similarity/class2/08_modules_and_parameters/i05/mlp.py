# source: written for this set, a student who dispatches on a small table
class MLP(Module):
    """``MLP([2, 16, 16, 2])`` is Linear(2, 16), act, Linear(16, 16), act, Linear(16, 2).

    x (N, sizes[0]) -> (N, sizes[-1]); no activation after the last layer (it gives logits).
    The layers live in ``self.layers`` (a Sequential), so parameter names read
    ``layers.0.weight``, ``layers.2.bias``, ...
    """

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        n = len(sizes) - 1
        seq = []
        for i in range(n):
            seq += [Linear(sizes[i], sizes[i + 1])]
            seq += [activation()] if i + 1 < n else []
        self.layers = Sequential(*seq)

    def forward(self, x: Tensor) -> Tensor:
        """``self.layers(x)``."""
        return self.layers(x)
