# visible: fails
# mistake: settings read once
# why: the groups' settings are copied at the first step and reused, so a learning rate changed in param_groups later (a schedule) is never seen.
# see: What an optimiser keeps between steps
# hint: when may group["lr"] change, and when do you read it?
class SGD(Optimizer):
    def __init__(self, params, lr=1e-3, momentum=0.0, weight_decay=0.0, nesterov=False):
        super().__init__(params, dict(lr=lr, momentum=momentum, weight_decay=weight_decay, nesterov=nesterov))

    @no_grad()
    def step(self):
        if not hasattr(self, "settings"):
            self.settings = [dict(group) for group in self.param_groups]
        for group, settings in zip(self.param_groups, self.settings):
            for p in group["params"]:
                if p.grad is None:
                    continue
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
