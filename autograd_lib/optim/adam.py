"""``Adam``: adaptive moment estimation with bias correction, torch's (non-amsgrad) rule."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from autograd_lib.grad_mode import no_grad
from autograd_lib.optim.optimizer import Optimizer


class Adam(Optimizer):
    """For each parameter p with gradient g, at step t = 1, 2, ... (torch's rule):

        g = g + weight_decay * p                  (L2 penalty, not AdamW)
        m = beta1 * m + (1 - beta1) * g           (m, v start at 0)
        v = beta2 * v + (1 - beta2) * g^2
        p = p - lr / (1 - beta1^t) * m / (sqrt(v) / sqrt(1 - beta2^t) + eps)
    """

    def __init__(
        self, params: Iterable[Any], lr: float = 1e-3, betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8, weight_decay: float = 0.0,
    ) -> None:
        # torch.optim.Adam's checks, in its order and with its comparisons (a NaN fails them)
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay))

    @no_grad()
    def step(self) -> None:
        """Update every parameter that has a ``.grad``, in place (on the numpy data)."""
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad.data
                if group["weight_decay"] != 0:
                    grad = grad + group["weight_decay"] * p.data
                state = self.state.setdefault(p, {})
                if not state:
                    state["step"] = 0
                    state["exp_avg"] = np.zeros_like(p.data)
                    state["exp_avg_sq"] = np.zeros_like(p.data)
                state["step"] += 1
                state["exp_avg"] = beta1 * state["exp_avg"] + (1 - beta1) * grad
                state["exp_avg_sq"] = beta2 * state["exp_avg_sq"] + (1 - beta2) * grad * grad
                bias_correction1 = 1 - beta1 ** state["step"]
                bias_correction2 = 1 - beta2 ** state["step"]
                denom = np.sqrt(state["exp_avg_sq"]) / np.sqrt(bias_correction2) + group["eps"]
                p.data -= group["lr"] / bias_correction1 * state["exp_avg"] / denom
