# visible: fails
# mistake: decays into p.grad
# why: grad += weight_decay * p writes into the array of p.grad, so the parameter's gradient changes and a second step decays it again.
# see: What an optimiser keeps between steps
# hint: which expression makes a new array, and which one writes into an existing one?
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
                    grad += group["weight_decay"] * p.data
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
