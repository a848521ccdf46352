# source: tests/unusual_correct/09_training/sgd_step__zero_initial_buffer.py
class SGD(Optimizer):
    def __init__(self, params, lr=1e-3, momentum=0.0, weight_decay=0.0, nesterov=False):
        super().__init__(params, dict(lr=lr, momentum=momentum, weight_decay=weight_decay, nesterov=nesterov))

    @no_grad()
    def step(self):
        for group in self.param_groups:
            lr, mu, wd = group["lr"], group["momentum"], group["weight_decay"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                g = p.grad.data + wd * p.data
                if mu:
                    b = mu * self.state.setdefault(p, {}).get("momentum_buffer", np.zeros_like(p.data)) + g
                    self.state[p]["momentum_buffer"] = b
                    g = g + mu * b if group["nesterov"] else b
                p.data -= lr * g
