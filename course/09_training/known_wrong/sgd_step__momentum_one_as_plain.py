# visible: fails
# mistake: momentum used only when 0 < momentum < 1, so momentum=1.0 runs plain SGD
# why: torch accepts momentum=1.0 and keeps the rule b = b + g: every gradient so far is added up; the guard turns that into p -= lr * g, which moves far less after a few steps.
# see: Gradient descent, and PyTorch's variants
# hint: which values of momentum does the rule above treat differently, and is 1.0 among them?
class SGD(Optimizer):
    def __init__(self, params, lr=1e-3, momentum=0.0, weight_decay=0.0, nesterov=False):
        super().__init__(params, dict(lr=lr, momentum=momentum, weight_decay=weight_decay, nesterov=nesterov))

    @no_grad()
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad.data
                if group["weight_decay"] != 0:
                    grad = grad + group["weight_decay"] * p.data
                if 0 < group["momentum"] < 1:
                    state = self.state.setdefault(p, {})
                    if "momentum_buffer" not in state:
                        state["momentum_buffer"] = grad.copy()
                    else:
                        state["momentum_buffer"] = group["momentum"] * state["momentum_buffer"] + grad
                    if group["nesterov"]:
                        grad = grad + group["momentum"] * state["momentum_buffer"]
                    else:
                        grad = state["momentum_buffer"]
                p.data -= group["lr"] * grad
