"""Activation layers: modules without parameters that wrap ``nn.functional``."""

from __future__ import annotations

from autograd_lib.nn import functional as F
from autograd_lib.nn.module import Module
from autograd_lib.tensor import Tensor


class ReLU(Module):
    """``max(x, 0)`` elementwise, any shape."""

    def forward(self, input: Tensor) -> Tensor:
        """``F.relu(input)``."""
        return F.relu(input)


class Tanh(Module):
    """``tanh(x)`` elementwise, any shape."""

    def forward(self, input: Tensor) -> Tensor:
        """``F.tanh(input)``."""
        return F.tanh(input)


class Sigmoid(Module):
    """``1 / (1 + exp(-x))`` elementwise, any shape."""

    def forward(self, input: Tensor) -> Tensor:
        """``F.sigmoid(input)``."""
        return F.sigmoid(input)


class Identity(Module):
    """Returns its input unchanged (a placeholder layer)."""

    def forward(self, input: Tensor) -> Tensor:
        """``input``."""
        return input


class Softmax(Module):
    """``softmax`` along ``dim``: non-negative values that sum to 1 along ``dim``."""

    def __init__(self, dim: int = -1) -> None:
        super().__init__()
        self.dim = dim

    def forward(self, input: Tensor) -> Tensor:
        """``F.softmax(input, self.dim)``."""
        return F.softmax(input, self.dim)

    def extra_repr(self) -> str:
        """``dim=...``."""
        return f"dim={self.dim}"


class LogSoftmax(Softmax):
    """Stable ``log(softmax(x))`` along ``dim``."""

    def forward(self, input: Tensor) -> Tensor:
        """``F.log_softmax(input, self.dim)``."""
        return F.log_softmax(input, self.dim)
