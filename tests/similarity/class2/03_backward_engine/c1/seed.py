# copy of i01: comments dropped, the scalar condition inverted, the message inlined, the shape test inverted
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    if not isinstance(grad, Tensor):
        grad = Tensor(np.asarray(grad, dtype=output.dtype))
    if tuple(grad.shape) != tuple(output.shape):
        raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {list(grad.shape)} and "
                           f"output[{i}] has a shape of {list(output.shape)}.")
    return grad
