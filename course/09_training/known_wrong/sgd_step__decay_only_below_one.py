# visible: passes
# mistake: decays only for a weight_decay between 0 and 1
# why: the decay is skipped unless 0 < weight_decay < 1, as if weight_decay were a fraction; the rule adds weight_decay * p for every weight_decay but 0, so weight_decay=1.0 must decay too.
# see: Exercise 3 · `SGD.step` (3 points)
# hint: which values of weight_decay does the constructor accept, and which of them leave the gradient as it is?
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
                if 0 < group["weight_decay"] < 1:
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
