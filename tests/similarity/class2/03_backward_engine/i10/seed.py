# source: written for this set, a student who writes a long-hand depth-first search with colours
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(tuple(output.shape), dtype=output.dtype))
    if isinstance(grad, Tensor) == False:
        grad = Tensor(np.asarray(grad, dtype=output.dtype))
    shapes_agree = tuple(grad.shape) == tuple(output.shape)
    if not shapes_agree:
        raise RuntimeError(
            f"Mismatch in shape: grad_output[{i}] has a shape of {list(grad.shape)} and "
            f"output[{i}] has a shape of {list(output.shape)}."
        )
    return grad
