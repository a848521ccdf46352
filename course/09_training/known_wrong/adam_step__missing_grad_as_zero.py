# visible: fails
# mistake: a missing gradient taken as zero
# why: a parameter with p.grad = None is stepped with a zero gradient: weight decay moves it, and its step count runs while it takes no part in the loss.
# see: What an optimiser keeps between steps
# hint: should a parameter that took no part in the loss move, or count a step?
class Adam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay))

    @no_grad()
    def step(self):
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            for p in group["params"]:
                grad = np.zeros_like(p.data) if p.grad is None else p.grad.data
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
