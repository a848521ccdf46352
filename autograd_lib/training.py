"""A minimal training loop for classifiers, and the pictures of a run (chapter 9).

``fit`` runs full-batch (or mini-batch) gradient descent and returns the loss per step;
``accuracy`` and ``predict`` evaluate; ``plot_training`` draws the loss curve, the decision
boundary and the gradient flow with ``autograd_lib.viz``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograd_lib.grad_mode import no_grad
from autograd_lib.nn import functional as F
from autograd_lib.nn.module import Module
from autograd_lib.optim.optimizer import Optimizer
from autograd_lib.tensor import Tensor

__all__ = ["accuracy", "fit", "plot_training", "predict"]


def fit(
    model: Module, X: np.ndarray, y: np.ndarray, optimizer: Optimizer, *, steps: int = 500,
    loss_fn: Any = F.cross_entropy, batch_size: int | None = None, seed: int = 0,
) -> list[float]:
    """Train ``model`` for ``steps`` updates; return the loss before each update.

    X (N, features), y (N,) class indices (or targets of the model's output shape for a
    regression loss). Each step: zero_grad, forward, loss, backward, ``optimizer.step()``, on
    the whole set or on a random mini-batch of ``batch_size`` rows.
    """
    rng = np.random.default_rng(seed)
    X, y = np.asarray(X), np.asarray(y)
    inputs, targets = Tensor(X), Tensor(y)
    losses = []
    for _ in range(steps):
        if batch_size is not None:
            rows = rng.choice(len(y), size=batch_size, replace=False)
            inputs, targets = Tensor(X[rows]), Tensor(y[rows])
        optimizer.zero_grad()
        loss = loss_fn(model(inputs), targets)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


def predict(model: Module, X: np.ndarray) -> np.ndarray:
    """Class index (argmax of the model's output) for each row of X (N, features) -> (N,)."""
    with no_grad():
        return np.argmax(model(Tensor(np.asarray(X, dtype=np.float64))).data, axis=1)


def accuracy(model: Module, X: np.ndarray, y: np.ndarray) -> float:
    """Fraction of rows of X whose predicted class equals y."""
    return float(np.mean(predict(model, X) == np.asarray(y)))


def plot_training(model: Module, X: np.ndarray, y: np.ndarray, losses: list[float]) -> Any:
    """Three panels: loss curve, decision boundary, gradient flow (mean |grad| per parameter,
    from the last backward pass). Returns the array of the three Axes."""
    import matplotlib.pyplot as plt

    from autograd_lib.viz import plot_decision_boundary, plot_gradient_flow, plot_loss_curve

    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    plot_loss_curve(losses, ax=axes[0], log=True)
    plot_decision_boundary(lambda grid: predict(model, grid), X, y, ax=axes[1])
    plot_gradient_flow(model, ax=axes[2])
    fig.tight_layout()
    return axes
