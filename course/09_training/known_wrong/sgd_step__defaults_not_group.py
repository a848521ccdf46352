# visible: fails
# mistake: reads self.defaults
# why: the hyperparameters come from self.defaults, so a group with its own lr or momentum is trained with the defaults.
# see: What an optimiser keeps between steps
# hint: where does each parameter's own learning rate live?
class SGD(Optimizer):
    def __init__(self, params, lr=1e-3, momentum=0.0, weight_decay=0.0, nesterov=False):
        super().__init__(params, dict(lr=lr, momentum=momentum, weight_decay=weight_decay, nesterov=nesterov))

    @no_grad()
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                settings = self.defaults
                grad = p.grad.data
                if settings["weight_decay"] != 0:
                    grad = grad + settings["weight_decay"] * p.data
                if settings["momentum"] != 0:
                    state = self.state.setdefault(p, {})
                    if "momentum_buffer" not in state:
                        state["momentum_buffer"] = grad.copy()
                    else:
                        state["momentum_buffer"] = settings["momentum"] * state["momentum_buffer"] + grad
                    if settings["nesterov"]:
                        grad = grad + settings["momentum"] * state["momentum_buffer"]
                    else:
                        grad = state["momentum_buffer"]
                p.data -= settings["lr"] * grad
