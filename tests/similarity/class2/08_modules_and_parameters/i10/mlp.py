# source: written for this set, a student who puts each rule in its own method
class MLP(Module):
    """``MLP([2, 16, 16, 2])`` is Linear(2, 16), act, Linear(16, 16), act, Linear(16, 2).

    x (N, sizes[0]) -> (N, sizes[-1]); no activation after the last layer (it gives logits).
    The layers live in ``self.layers`` (a Sequential), so parameter names read
    ``layers.0.weight``, ``layers.2.bias``, ...
    """

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        steps = len(sizes) - 1
        self.layers = Sequential(*[
            layer
            for k in range(steps)
            for layer in ([Linear(sizes[k], sizes[k + 1]), activation()] if k < steps - 1 else [Linear(sizes[k], sizes[k + 1])])
        ])

    def forward(self, x: Tensor) -> Tensor:
        """``self.layers(x)``."""
        return self.layers(x)
