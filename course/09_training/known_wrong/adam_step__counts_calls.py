# visible: fails
# mistake: counts calls of step()
# why: t counts the calls of step(), not each parameter's own updates, so a parameter that first gets a gradient at the fifth call starts at t = 5 and misses its bias correction.
# see: Adam
# hint: where does a count that belongs to one parameter live?
class Adam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay))

    @no_grad()
    def step(self):
        self.t = getattr(self, "t", 0) + 1
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
                bias_correction1 = 1 - beta1 ** self.t
                bias_correction2 = 1 - beta2 ** self.t
                denom = np.sqrt(state["exp_avg_sq"]) / np.sqrt(bias_correction2) + group["eps"]
                p.data -= group["lr"] / bias_correction1 * state["exp_avg"] / denom
