# heldout: eps inside the square root
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
        if lr < 0 or eps < 0 or weight_decay < 0 or not all(0 <= b < 1 for b in betas):
            raise ValueError(f"invalid Adam hyperparameter: lr={lr}, betas={betas}, eps={eps}, "
                             f"weight_decay={weight_decay}")
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay))

    @no_grad()
    def step(self) -> None:
        """Update every parameter that has a ``.grad``, in place (on the numpy data)."""
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            lr, eps, wd = group["lr"], group["eps"], group["weight_decay"]
            for prm in group["params"]:
                if prm.grad is None:
                    continue
                g = prm.grad.data if wd == 0 else prm.grad.data + wd * prm.data
                st = self.state.setdefault(prm, {})
                if not st:
                    st["step"], st["exp_avg"], st["exp_avg_sq"] = 0, np.zeros_like(prm.data), np.zeros_like(prm.data)
                st["step"] += 1
                st["exp_avg"] = beta1 * st["exp_avg"] + (1 - beta1) * g
                st["exp_avg_sq"] = beta2 * st["exp_avg_sq"] + (1 - beta2) * np.square(g)
                m_hat = st["exp_avg"] / (1 - beta1 ** st["step"])
                v_hat = st["exp_avg_sq"] / (1 - beta2 ** st["step"])
                prm.data -= lr * m_hat / np.sqrt(v_hat + eps)
