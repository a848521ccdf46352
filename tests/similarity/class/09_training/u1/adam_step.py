# source: tests/unusual_correct/09_training/adam_step__in_place_moments.py
class Adam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay))

    @no_grad()
    def step(self):
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad.data
                if group["weight_decay"] != 0:
                    grad = grad + group["weight_decay"] * p.data
                if p not in self.state:
                    self.state[p] = {"step": 0, "exp_avg": np.zeros_like(p.data), "exp_avg_sq": np.zeros_like(p.data)}
                state = self.state[p]
                state["step"] += 1
                m, v = state["exp_avg"], state["exp_avg_sq"]
                m *= beta1
                m += (1 - beta1) * grad
                v *= beta2
                v += (1 - beta2) * grad * grad
                step_size = group["lr"] / (1 - beta1 ** state["step"])
                denom = np.sqrt(v) / np.sqrt(1 - beta2 ** state["step"]) + group["eps"]
                p.data -= step_size * (m / denom)
