# heldout: a given gradient keeps its own dtype
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    if not isinstance(grad, Tensor):
        grad = Tensor(np.asarray(grad))
    if grad.shape != output.shape:
        raise RuntimeError(
            f"Mismatch in shape: grad_output[{i}] is {list(grad.shape)} but output[{i}] is {list(output.shape)}")
    return grad
