# source: written for this set
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
            learning_rate = group["lr"]
            momentum = group["momentum"]
            weight_decay = group["weight_decay"]
            use_nesterov = group["nesterov"]
            for parameter in group["params"]:
                if parameter.grad is None:
                    # this parameter took no part in the loss
                    continue
                gradient = parameter.grad.data.copy()
                if weight_decay != 0:
                    gradient = gradient + weight_decay * parameter.data
                if momentum != 0:
                    parameter_state = self.state.setdefault(parameter, {})
                    if "momentum_buffer" in parameter_state:
                        velocity = momentum * parameter_state["momentum_buffer"] + gradient
                    else:
                        # first step: the buffer starts as the gradient itself
                        velocity = gradient.copy()
                    parameter_state["momentum_buffer"] = velocity
                    if use_nesterov:
                        gradient = gradient + momentum * velocity
                    else:
                        gradient = velocity
                parameter.data -= learning_rate * gradient
