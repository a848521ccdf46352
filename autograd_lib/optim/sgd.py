"""``SGD``: stochastic gradient descent with momentum, weight decay and Nesterov, as in torch."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from autograd_lib.grad_mode import no_grad
from autograd_lib.optim.optimizer import Optimizer


class SGD(Optimizer):
    """For each parameter p with gradient g, at every ``step`` (torch's rule, dampening 0):

        g = g + weight_decay * p
        b = g (first step), else b = momentum * b + g       (if momentum != 0)
        g = g + momentum * b (nesterov), else g = b          (if momentum != 0)
        p = p - lr * g
    """

    def __init__(
        self, params: Iterable[Any], lr: float = 1e-3, momentum: float = 0.0,
        weight_decay: float = 0.0, nesterov: bool = False,
    ) -> None:
        # torch.optim.SGD's checks, in its order and with its comparisons (a NaN passes them)
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if nesterov and momentum <= 0:
            raise ValueError("Nesterov momentum requires a momentum > 0")
        super().__init__(params, dict(lr=lr, momentum=momentum, weight_decay=weight_decay, nesterov=nesterov))

    @no_grad()
    def step(self) -> None:
        """Update every parameter that has a ``.grad``, in place (on the numpy data)."""
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad.data
                if group["weight_decay"] != 0:
                    grad = grad + group["weight_decay"] * p.data
                if group["momentum"] != 0:
                    state = self.state.setdefault(p, {})
                    if "momentum_buffer" not in state:
                        state["momentum_buffer"] = grad.copy()
                    else:
                        state["momentum_buffer"] = group["momentum"] * state["momentum_buffer"] + grad
                    if group["nesterov"]:
                        grad = grad + group["momentum"] * state["momentum_buffer"]
                    else:
                        grad = state["momentum_buffer"]
                p.data -= group["lr"] * grad
