# source: written for this set, breadth-first Kahn with a deque
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is None:
        if output.numel() == 1:
            return Tensor(np.ones(output.shape, output.dtype))
        raise RuntimeError("grad can be implicitly created only for scalar outputs")
    if not isinstance(grad, Tensor):
        grad = Tensor(np.asarray(grad, output.dtype))
    expected, got = list(output.shape), list(grad.shape)
    if expected != got:
        raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {got} and "
                           f"output[{i}] has a shape of {expected}.")
    return grad
