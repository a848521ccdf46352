# source: tests/known_wrong_heldout/09_training/sgd_step__buffer_aliases_grad.py
class SGD(Optimizer):
    """For each parameter p with gradient g, at every ``step`` (torch's rule, dampening 0):

        g = g + weight_decay * p
        b = g (first step), else b = momentum * b + g       (if momentum != 0)
        g = g + momentum * b (nesterov), else g = b          (if momentum != 0)
        p = p - lr * g
    """

    def __init__(
        self, params: Iterable[Any], lr: float = 1e-3, momentum: float = 0.0,
        weight_decay: float = 0.0, nesterov: bool = False,
    ) -> None:
        if lr < 0 or momentum < 0 or weight_decay < 0:
            raise ValueError(f"invalid SGD hyperparameter: lr={lr}, momentum={momentum}, weight_decay={weight_decay}")
        if nesterov and momentum <= 0:
            raise ValueError("Nesterov momentum requires a momentum > 0")
        super().__init__(params, dict(lr=lr, momentum=momentum, weight_decay=weight_decay, nesterov=nesterov))

    @no_grad()
    def step(self) -> None:
        """Update every parameter that has a ``.grad``, in place (on the numpy data)."""
        for group in self.param_groups:
            lr, mu, wd, nest = group["lr"], group["momentum"], group["weight_decay"], group["nesterov"]
            for param in group["params"]:
                if param.grad is None:
                    continue
                d = param.grad.data
                if wd:
                    d = d + wd * param.data
                if mu:
                    mem = self.state.setdefault(param, {})
                    buf = mem.get("momentum_buffer")
                    if buf is None:
                        buf = d
                        mem["momentum_buffer"] = buf
                    else:
                        buf *= mu
                        buf += d
                    d = d + mu * buf if nest else buf
                param.data -= lr * d
