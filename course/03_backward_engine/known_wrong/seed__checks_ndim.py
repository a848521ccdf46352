# visible: passes
# Tests "is it 0-d?" instead of "has it one element?": an output of shape (1,) or (1, 1) is refused.
def _seed(i, output, grad):
    if grad is None:
        if output.ndim != 0:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    grad = grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad, dtype=output.dtype))
    if grad.shape != output.shape:
        raise RuntimeError(f"Mismatch in shape: grad_output[{i}] and output[{i}]")
    return grad
