# source: tests/unusual_correct/09_training/sgd_step__in_place_on_a_copy.py
class SGD(Optimizer):
    def __init__(self, params, lr=1e-3, momentum=0.0, weight_decay=0.0, nesterov=False):
        super().__init__(params, dict(lr=lr, momentum=momentum, weight_decay=weight_decay, nesterov=nesterov))

    @no_grad()
    def step(self):
        for group in self.param_groups:
            for p in (q for q in group["params"] if q.grad is not None):
                d_p = np.array(p.grad.data)
                if group["weight_decay"]:
                    d_p += group["weight_decay"] * p.data
                if group["momentum"]:
                    state = self.state.setdefault(p, {})
                    buf = state.get("momentum_buffer")
                    if buf is None:
                        buf = state["momentum_buffer"] = d_p.copy()
                    else:
                        buf *= group["momentum"]
                        buf += d_p
                    d_p = d_p + group["momentum"] * buf if group["nesterov"] else buf
                p.data = p.data - group["lr"] * d_p
