# visible: fails
# mistake: no bias correction
# why: m and v start at 0, so m_1 = 0.1 g and v_1 = 0.001 g^2; without dividing by 1 - beta^t the first step is about 0.1 / sqrt(0.001), some three times too large.
# see: Adam
# hint: what are 1 - beta1^t and 1 - beta2^t at t = 1, and what are they for?
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
                    state["step"] = 0
                    state["exp_avg"] = np.zeros_like(p.data)
                    state["exp_avg_sq"] = np.zeros_like(p.data)
                state["step"] += 1
                state["exp_avg"] = beta1 * state["exp_avg"] + (1 - beta1) * grad
                state["exp_avg_sq"] = beta2 * state["exp_avg_sq"] + (1 - beta2) * grad * grad
                p.data -= group["lr"] * state["exp_avg"] / (np.sqrt(state["exp_avg_sq"]) + group["eps"])
