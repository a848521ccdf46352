# copy of i01: every name changed, comments dropped, the count inlined, the last-layer test inverted, the loop kept
class MLP(Module):
    """``MLP([2, 16, 16, 2])`` is Linear(2, 16), act, Linear(16, 16), act, Linear(16, 2).

    x (N, sizes[0]) -> (N, sizes[-1]); no activation after the last layer (it gives logits).
    The layers live in ``self.layers`` (a Sequential), so parameter names read
    ``layers.0.weight``, ``layers.2.bias``, ...
    """

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        mods = []
        for k in range(len(sizes) - 1):
            mods.append(Linear(sizes[k], sizes[k + 1]))
            if not k >= len(sizes) - 2:
                mods.append(activation())
        self.layers = Sequential(*mods)

    def forward(self, x: Tensor) -> Tensor:
        """``self.layers(x)``."""
        return self.layers(x)
