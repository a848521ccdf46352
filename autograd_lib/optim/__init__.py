"""Optimisers with ``torch.optim``'s names and update rules: ``SGD`` and ``Adam``."""

from autograd_lib.optim.adam import Adam
from autograd_lib.optim.optimizer import Optimizer
from autograd_lib.optim.sgd import SGD

__all__ = ["SGD", "Adam", "Optimizer"]
