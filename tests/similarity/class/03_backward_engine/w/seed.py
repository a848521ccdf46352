# copy of n1: rename, recomment, f-string instead of concatenation
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is None:
        if output.numel() == 1:
            o = np.ones(output.shape, dtype=output.dtype)
            return Tensor(o)
        else:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
    if isinstance(grad, Tensor):
        g = grad
    else:
        g = Tensor(np.asarray(grad, dtype=output.dtype))
    if g.shape != output.shape:
        raise RuntimeError(f"the gradient for output {i} has shape {g.shape} but the output has shape {output.shape}")
    return g
