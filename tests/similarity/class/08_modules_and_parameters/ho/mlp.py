# source: tests/known_wrong_heldout/08_modules_and_parameters/mlp__activation_on_logits.py
class MLP(Module):
    """``MLP([2, 16, 16, 2])`` is Linear(2, 16), act, Linear(16, 16), act, Linear(16, 2).

    x (N, sizes[0]) -> (N, sizes[-1]); no activation after the last layer (it gives logits).
    The layers live in ``self.layers`` (a Sequential), so parameter names read
    ``layers.0.weight``, ``layers.2.bias``, ...
    """

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        modules = []
        for k in range(len(sizes) - 1):
            modules.append(Linear(sizes[k], sizes[k + 1]))
            modules.append(activation())
        self.layers = Sequential(*modules)

    def forward(self, x: Tensor) -> Tensor:
        """``self.layers(x)``."""
        out = x
        for layer in self.layers:
            out = layer(out)
        return out
