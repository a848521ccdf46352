# source: assignments/09_training/09_training.ipynb, cell sgd_step
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
        # YOUR CODE HERE
        raise NotImplementedError()
