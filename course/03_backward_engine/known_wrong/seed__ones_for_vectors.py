# visible: fails
# Seeds any output with ones when no gradient is given (silently differentiating the sum) instead of raising.
def _seed(i, output, grad):
    if grad is None:
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    grad = grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad, dtype=output.dtype))
    if grad.shape != output.shape:
        raise RuntimeError(f"Mismatch in shape: grad_output[{i}] and output[{i}]")
    return grad
