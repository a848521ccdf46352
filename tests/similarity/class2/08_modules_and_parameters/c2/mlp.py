# copy of i02: the nested comprehension written as two loops, names changed, a dead line
class MLP(Module):
    """``MLP([2, 16, 16, 2])`` is Linear(2, 16), act, Linear(16, 16), act, Linear(16, 2).

    x (N, sizes[0]) -> (N, sizes[-1]); no activation after the last layer (it gives logits).
    The layers live in ``self.layers`` (a Sequential), so parameter names read
    ``layers.0.weight``, ``layers.2.bias``, ...
    """

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        out = []
        for fan_in, fan_out in zip(sizes, sizes[1:]):
            for layer in (Linear(fan_in, fan_out), activation()):
                out.append(layer)
        depth = len(out)
        self.layers = Sequential(*out[:-1])

    def forward(self, x: Tensor) -> Tensor:
        """``self.layers(x)``."""
        return self.layers(x)
