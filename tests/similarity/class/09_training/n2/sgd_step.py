# copy of u1: rename, recomment, the generator turned into an if
class SGD(Optimizer):
    def __init__(self, params, lr=1e-3, momentum=0.0, weight_decay=0.0, nesterov=False):
        super().__init__(params, dict(lr=lr, momentum=momentum, weight_decay=weight_decay, nesterov=nesterov))

    @no_grad()
    def step(self):
        for g in self.param_groups:
            for w in g["params"]:
                if w.grad is None:
                    continue
                step = np.array(w.grad.data)  # a copy, never the grad itself
                if g["weight_decay"]:
                    step += g["weight_decay"] * w.data
                if g["momentum"]:
                    st = self.state.setdefault(w, {})
                    b = st.get("momentum_buffer")
                    if b is None:
                        b = st["momentum_buffer"] = step.copy()
                    else:
                        b *= g["momentum"]
                        b += step
                    step = step + g["momentum"] * b if g["nesterov"] else b
                w.data = w.data - g["lr"] * step
