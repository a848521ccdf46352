# copy of i03: the loop turned into a comprehension of pairs flattened afterwards, names changed
class MLP(Module):
    """``MLP([2, 16, 16, 2])`` is Linear(2, 16), act, Linear(16, 16), act, Linear(16, 2).

    x (N, sizes[0]) -> (N, sizes[-1]); no activation after the last layer (it gives logits).
    The layers live in ``self.layers`` (a Sequential), so parameter names read
    ``layers.0.weight``, ``layers.2.bias``, ...
    """

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        layers = [Linear(sizes[k - 1], sizes[k]) for k in range(1, len(sizes))]
        flat = []
        for layer in layers:
            if flat:
                flat.append(activation())
            flat.append(layer)
        self.layers = Sequential(*flat)

    def forward(self, x: Tensor) -> Tensor:
        """``self.layers(x)``."""
        return self.layers.forward(x)
