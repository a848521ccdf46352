# source: tests/unusual_correct/09_training/adam_step__textbook_order.py
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
                g = p.grad.data + group["weight_decay"] * p.data
                state = self.state.setdefault(p, {"step": 0, "exp_avg": np.zeros_like(p.data),
                                                  "exp_avg_sq": np.zeros_like(p.data)})
                state["step"] += 1
                t = state["step"]
                state["exp_avg"] = beta1 * state["exp_avg"] + (1 - beta1) * g
                state["exp_avg_sq"] = beta2 * state["exp_avg_sq"] + (1 - beta2) * g**2
                m_hat = state["exp_avg"] / (1 - beta1**t)
                v_hat = state["exp_avg_sq"] / (1 - beta2**t)
                p.data -= group["lr"] * m_hat / (np.sqrt(v_hat) + group["eps"])
