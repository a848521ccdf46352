# heldout: layers under names of their own
class MLP(Module):
    """``MLP([2, 16, 16, 2])`` is Linear(2, 16), act, Linear(16, 16), act, Linear(16, 2).

    x (N, sizes[0]) -> (N, sizes[-1]); no activation after the last layer (it gives logits).
    The layers live in ``self.layers`` (a Sequential), so parameter names read
    ``layers.0.weight``, ``layers.2.bias``, ...
    """

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        self.order = []
        count = len(sizes) - 1
        for k, (fan_in, fan_out) in enumerate(zip(sizes[:-1], sizes[1:])):
            self.add_module(f"hidden{k}" if k < count - 1 else "output", Linear(fan_in, fan_out))
            self.order.append(f"hidden{k}" if k < count - 1 else "output")
            if k < count - 1:
                self.add_module(f"act{k}", activation())
                self.order.append(f"act{k}")

    def forward(self, x: Tensor) -> Tensor:
        """``self.layers(x)``."""
        for name in self.order:
            x = self._modules[name](x)
        return x
