# heldout: broadcasts a gradient of the wrong shape
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    g = grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad, dtype=output.dtype))
    if g.shape != output.shape:
        try:
            g = Tensor(np.broadcast_to(g.data, output.shape).copy())
        except ValueError:
            raise RuntimeError(
                f"grad_tensors[{i}] has shape {g.shape} but tensors[{i}] has shape {output.shape}"
            ) from None
    return g
