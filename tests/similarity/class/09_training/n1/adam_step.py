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
        for group in self.param_groups:
            beta1 = group["betas"][0]
            beta2 = group["betas"][1]
            for parameter in group["params"]:
                if parameter.grad is None:
                    continue
                gradient = parameter.grad.data
                if group["weight_decay"] != 0:
                    gradient = gradient + group["weight_decay"] * parameter.data
                # the moments live in self.state, one entry per parameter
                if parameter not in self.state:
                    self.state[parameter] = {"step": 0,
                                             "exp_avg": np.zeros_like(parameter.data),
                                             "exp_avg_sq": np.zeros_like(parameter.data)}
                memory = self.state[parameter]
                memory["step"] = memory["step"] + 1
                t = memory["step"]
                first_moment = beta1 * memory["exp_avg"] + (1 - beta1) * gradient
                second_moment = beta2 * memory["exp_avg_sq"] + (1 - beta2) * gradient ** 2
                memory["exp_avg"] = first_moment
                memory["exp_avg_sq"] = second_moment
                correction1 = 1 - beta1 ** t
                correction2 = 1 - beta2 ** t
                denominator = np.sqrt(second_moment) / np.sqrt(correction2) + group["eps"]
                parameter.data -= (group["lr"] / correction1) * first_moment / denominator
