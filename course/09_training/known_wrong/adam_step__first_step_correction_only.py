# visible: fails
# mistake: bias correction of the first step only
# why: dividing by 1 - beta1 and 1 - beta2 is right at t = 1, but the averages fill up: by t = 5 the correction should be 1 - beta^5, so later steps are too large.
# see: Adam
# hint: how does the correction depend on t?
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
                state = self.state.setdefault(p, {})
                if not state:
                    state["exp_avg"] = np.zeros_like(p.data)
                    state["exp_avg_sq"] = np.zeros_like(p.data)
                state["exp_avg"] = beta1 * state["exp_avg"] + (1 - beta1) * grad
                state["exp_avg_sq"] = beta2 * state["exp_avg_sq"] + (1 - beta2) * grad * grad
                denom = np.sqrt(state["exp_avg_sq"]) / np.sqrt(1 - beta2) + group["eps"]
                p.data -= group["lr"] / (1 - beta1) * state["exp_avg"] / denom
