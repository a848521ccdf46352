# source: written for this set, a verbose student (explicit iterators, comments)
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    # a missing gradient is only allowed for a scalar output
    if grad is None:
        if output.numel() == 1:
            return Tensor(np.ones(output.shape, dtype=output.dtype))
        raise RuntimeError("grad can be implicitly created only for scalar outputs")
    # anything that is not already a Tensor gets wrapped in one
    if not isinstance(grad, Tensor):
        grad = Tensor(np.asarray(grad, dtype=output.dtype))
    if tuple(grad.shape) == tuple(output.shape):
        return grad
    message = (f"Mismatch in shape: grad_output[{i}] has a shape of {list(grad.shape)} and "
               f"output[{i}] has a shape of {list(output.shape)}.")
    raise RuntimeError(message)
