# source: written for this set, a student who checks the shape first
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is not None:
        arr = grad.data if isinstance(grad, Tensor) else np.asarray(grad, dtype=output.dtype)
        if arr.shape != tuple(output.shape):
            raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {list(arr.shape)} and "
                               f"output[{i}] has a shape of {list(output.shape)}.")
        return grad if isinstance(grad, Tensor) else Tensor(arr)
    if output.numel() != 1:
        raise RuntimeError("grad can be implicitly created only for scalar outputs")
    return Tensor(np.ones(output.shape, dtype=output.dtype))
