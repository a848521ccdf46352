# source: written for this set, a student who peeks at the top of the stack
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is None and output.numel() != 1:
        raise RuntimeError("grad can be implicitly created only for scalar outputs")
    if grad is None:
        return Tensor(np.full(output.shape, 1.0, dtype=output.dtype))
    if isinstance(grad, Tensor):
        given = grad
    else:
        given = Tensor(np.array(grad, dtype=output.dtype))
    if list(given.shape) != list(output.shape):
        raise RuntimeError("Mismatch in shape: grad_output[%d] has a shape of %s and output[%d] has a shape of %s."
                           % (i, list(given.shape), i, list(output.shape)))
    return given
