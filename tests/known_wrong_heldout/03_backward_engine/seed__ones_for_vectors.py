# heldout: ones for any output
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is None:
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    given = grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad, dtype=output.dtype))
    if given.shape != output.shape:
        raise RuntimeError(
            f"Mismatch in shape: grad_output[{i}] has shape {list(given.shape)}, "
            f"output[{i}] has shape {list(output.shape)}")
    return given
