# source: written for this set
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    # no gradient given: only allowed when the output is a single number
    if grad is None:
        if output.numel() == 1:
            ones = np.ones(output.shape, dtype=output.dtype)
            return Tensor(ones)
        else:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
    # a gradient was given: turn it into a Tensor and check its shape
    if isinstance(grad, Tensor):
        start = grad
    else:
        start = Tensor(np.asarray(grad, dtype=output.dtype))
    if start.shape != output.shape:
        message = "the gradient for output " + str(i) + " has shape " + str(start.shape)
        message = message + " but the output has shape " + str(output.shape)
        raise RuntimeError(message)
    return start
