# source: tests/known_wrong_heldout/03_backward_engine/seed__always_float64.py
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is not None:
        if not isinstance(grad, Tensor):
            grad = Tensor(np.asarray(grad, dtype=np.float64))
        if tuple(grad.shape) != tuple(output.shape):
            raise RuntimeError(
                f"gradient {i}: expected shape {tuple(output.shape)}, got {tuple(grad.shape)}")
        return grad
    if output.numel() == 1:
        return Tensor(np.ones(output.shape, dtype=np.float64))
    raise RuntimeError("grad can be implicitly created only for scalar outputs")
