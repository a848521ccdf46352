# visible: fails
# mistake: nesterov ignored
# why: the step always goes along the buffer b, so nesterov=True changes nothing; Nesterov steps along g + mu * b.
# see: Gradient descent, and PyTorch's variants
# hint: what does the third line of the rule do when nesterov is True?
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
                    state = self.state.setdefault(p, {})
                    if "momentum_buffer" not in state:
                        state["momentum_buffer"] = grad.copy()
                    else:
                        state["momentum_buffer"] = group["momentum"] * state["momentum_buffer"] + grad
                    grad = state["momentum_buffer"]
                p.data -= group["lr"] * grad
