# source: written for this set
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
        for g in self.param_groups:
            (b1, b2), lr, eps, wd = g["betas"], g["lr"], g["eps"], g["weight_decay"]
            for p in filter(lambda q: q.grad is not None, g["params"]):
                d = p.grad.data + wd * p.data if wd else p.grad.data
                st = self.state.setdefault(p, {"step": 0, "exp_avg": 0 * p.data, "exp_avg_sq": 0 * p.data})
                st["step"] += 1
                st["exp_avg"] = b1 * st["exp_avg"] + (1 - b1) * d
                st["exp_avg_sq"] = b2 * st["exp_avg_sq"] + (1 - b2) * d * d
                mh = st["exp_avg"] / (1 - b1 ** st["step"])
                vh = st["exp_avg_sq"] / (1 - b2 ** st["step"])
                p.data -= lr * mh / (np.sqrt(vh) + eps)
