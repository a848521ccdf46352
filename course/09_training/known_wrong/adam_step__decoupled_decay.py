# visible: fails
# mistake: AdamW's decay in Adam
# why: the weights are decayed directly (p -= lr * wd * p), as AdamW does; Adam adds wd * p to the gradient, which then goes through m and v.
# see: Adam
# hint: where does Adam's weight decay enter: the gradient, or the weights?
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
                    p.data -= group["lr"] * group["weight_decay"] * p.data
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
