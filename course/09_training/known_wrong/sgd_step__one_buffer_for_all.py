# visible: fails
# mistake: one buffer for all parameters
# why: the buffer sits in self.state itself instead of in each parameter's own dict, so every parameter reads the buffer of the one before; with parameters of different shapes it cannot even be added.
# see: What an optimiser keeps between steps
# hint: self.state maps each parameter to its own dict: which key do you look up?
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
                if group["momentum"] != 0:
                    state = self.state
                    if "momentum_buffer" not in state:
                        state["momentum_buffer"] = grad.copy()
                    else:
                        state["momentum_buffer"] = group["momentum"] * state["momentum_buffer"] + grad
                    if group["nesterov"]:
                        grad = grad + group["momentum"] * state["momentum_buffer"]
                    else:
                        grad = state["momentum_buffer"]
                p.data -= group["lr"] * grad
