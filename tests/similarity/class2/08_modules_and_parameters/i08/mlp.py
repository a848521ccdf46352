# source: written for this set, a student who uses a match statement
class MLP(Module):
    """``MLP([2, 16, 16, 2])`` is Linear(2, 16), act, Linear(16, 16), act, Linear(16, 2).

    x (N, sizes[0]) -> (N, sizes[-1]); no activation after the last layer (it gives logits).
    The layers live in ``self.layers`` (a Sequential), so parameter names read
    ``layers.0.weight``, ``layers.2.bias``, ...
    """

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        blocks = []
        for width_in, width_out in zip(sizes[:-1], sizes[1:]):
            blocks.append(Linear(width_in, width_out))
            blocks.append(activation())
        blocks.pop()  # logits: no activation at the end
        self.layers = Sequential(*blocks)

    def forward(self, x: Tensor) -> Tensor:
        """``self.layers(x)``."""
        return self.layers(x)
