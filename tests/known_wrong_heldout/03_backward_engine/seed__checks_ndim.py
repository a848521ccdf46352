# heldout: tests the number of dimensions
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is None:
        if output.ndim == 0:
            return Tensor(np.ones(output.shape, dtype=output.dtype))
        raise RuntimeError("grad can be implicitly created only for scalar outputs")
    seed = grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad, dtype=output.dtype))
    if seed.shape != output.shape:
        raise RuntimeError(
            f"shape mismatch for output {i}: gradient {list(seed.shape)}, output {list(output.shape)}")
    return seed
