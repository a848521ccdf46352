"""``MLP``: a multilayer perceptron, ``Linear`` layers with an activation between them."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from autograd_lib.nn.activation import ReLU
from autograd_lib.nn.container import Sequential
from autograd_lib.nn.linear import Linear
from autograd_lib.nn.module import Module
from autograd_lib.tensor import Tensor


class MLP(Module):
    """``MLP([2, 16, 16, 2])`` is Linear(2, 16), act, Linear(16, 16), act, Linear(16, 2).

    x (N, sizes[0]) -> (N, sizes[-1]); no activation after the last layer (it gives logits).
    The layers live in ``self.layers`` (a Sequential), so parameter names read
    ``layers.0.weight``, ``layers.2.bias``, ... (not a torch class: torch users write this
    Sequential themselves).
    """

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        layers: list[Module] = []
        for fan_in, fan_out in zip(sizes[:-1], sizes[1:], strict=True):
            layers += [Linear(fan_in, fan_out), activation()]
        self.layers = Sequential(*layers[:-1])

    def forward(self, x: Tensor) -> Tensor:
        """``self.layers(x)``."""
        return self.layers(x)
