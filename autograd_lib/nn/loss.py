"""Loss modules: ``MSELoss``, ``CrossEntropyLoss``, ``NLLLoss``; called as ``loss_fn(input, target)``."""

from __future__ import annotations

from autograd_lib.nn import functional as F
from autograd_lib.nn.module import Module
from autograd_lib.tensor import Tensor


class _Loss(Module):
    """A loss with a ``reduction``: 'mean' (default), 'sum' or 'none'."""

    def __init__(self, reduction: str = "mean") -> None:
        super().__init__()
        self.reduction = reduction


class MSELoss(_Loss):
    """``mean((input - target)^2)``; input and target of the same shape."""

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        """``F.mse_loss(input, target, reduction=self.reduction)``."""
        return F.mse_loss(input, target, reduction=self.reduction)


class CrossEntropyLoss(_Loss):
    """Cross-entropy of logits (N, C) and integer class targets (N,), see ``F.cross_entropy``."""

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        """``F.cross_entropy(input, target, reduction=self.reduction)``."""
        return F.cross_entropy(input, target, reduction=self.reduction)


class NLLLoss(_Loss):
    """Negative log-likelihood of log-probabilities (N, C) and class targets (N,)."""

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        """``F.nll_loss(input, target, reduction=self.reduction)``."""
        return F.nll_loss(input, target, reduction=self.reduction)
