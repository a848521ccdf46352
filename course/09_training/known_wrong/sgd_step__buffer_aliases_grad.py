# visible: fails
# mistake: the buffer is p.grad itself
# why: the first buffer is the gradient's own array, then updated in place (buf *= mu); a backward without zero_grad adds into that array, and the buffer and p.grad change together.
# see: What an optimiser keeps between steps
# hint: what must the first buffer be, so that nobody else can change it?
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
                        state["momentum_buffer"] = grad
                    else:
                        buf = state["momentum_buffer"]
                        buf *= group["momentum"]
                        buf += grad
                    if group["nesterov"]:
                        grad = grad + group["momentum"] * state["momentum_buffer"]
                    else:
                        grad = state["momentum_buffer"]
                p.data -= group["lr"] * grad
