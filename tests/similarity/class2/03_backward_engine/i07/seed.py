# source: written for this set, a student who inserts finished nodes at the front
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    g = grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad, dtype=output.dtype))
    if g.shape != output.shape:
        a, b = list(g.shape), list(output.shape)
        raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {a} and output[{i}] has a shape of {b}.")
    return g
