# source: written for this set, a student who keeps the children still to visit in lists
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        ones = np.ones_like(output.data, dtype=output.dtype)
        return Tensor(ones)
    if not isinstance(grad, Tensor):
        grad = Tensor(np.asarray(grad, dtype=output.dtype))
    if grad.shape != output.shape:
        raise RuntimeError("Mismatch in shape: grad_output[{0}] has a shape of {1} and output[{0}] has a shape of {2}."
                           .format(i, list(grad.shape), list(output.shape)))
    return grad
