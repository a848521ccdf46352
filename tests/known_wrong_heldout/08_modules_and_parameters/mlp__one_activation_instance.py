# heldout: one activation module for every place
class MLP(Module):
    """``MLP([2, 16, 16, 2])`` is Linear(2, 16), act, Linear(16, 16), act, Linear(16, 2).

    x (N, sizes[0]) -> (N, sizes[-1]); no activation after the last layer (it gives logits).
    The layers live in ``self.layers`` (a Sequential), so parameter names read
    ``layers.0.weight``, ``layers.2.bias``, ...
    """

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        act = activation()
        parts = [Linear(sizes[0], sizes[1])]
        for n_in, n_out in zip(sizes[1:-1], sizes[2:]):
            parts += [act, Linear(n_in, n_out)]
        self.layers = Sequential(*parts)

    def forward(self, x: Tensor) -> Tensor:
        """``self.layers(x)``."""
        return self.layers(x)
