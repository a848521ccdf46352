# heldout: layers in a plain list
class MLP(Module):
    """``MLP([2, 16, 16, 2])`` is Linear(2, 16), act, Linear(16, 16), act, Linear(16, 2).

    x (N, sizes[0]) -> (N, sizes[-1]); no activation after the last layer (it gives logits).
    The layers live in ``self.layers`` (a Sequential), so parameter names read
    ``layers.0.weight``, ``layers.2.bias``, ...
    """

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        self.layers = []
        last = len(sizes) - 2
        for i, (a, b) in enumerate(zip(sizes, sizes[1:])):
            self.layers.append(Linear(a, b))
            if i != last:
                self.layers.append(activation())

    def forward(self, x: Tensor) -> Tensor:
        """``self.layers(x)``."""
        h = x
        for module in self.layers:
            h = module(h)
        return h
