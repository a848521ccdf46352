# visible: fails
# mistake: a missing gradient taken as zero
# why: a parameter with p.grad = None is stepped with a zero gradient, so weight decay still shrinks a parameter that took no part in the loss.
# see: What an optimiser keeps between steps
# hint: should a parameter that took no part in the loss move at all?
class SGD(Optimizer):
    def __init__(self, params, lr=1e-3, momentum=0.0, weight_decay=0.0, nesterov=False):
        super().__init__(params, dict(lr=lr, momentum=momentum, weight_decay=weight_decay, nesterov=nesterov))

    @no_grad()
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                grad = np.zeros_like(p.data) if p.grad is None else p.grad.data
                if group["weight_decay"] != 0:
                    grad = grad + group["weight_decay"] * p.data
                if group["momentum"] != 0:
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
