# Wrong: a plain number given as the gradient is spread over the output's shape instead of raising on the shape mismatch.
def _seed(i, output, grad):
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    if not isinstance(grad, Tensor):
        if np.ndim(grad) == 0:
            grad = Tensor(np.full(output.shape, grad, dtype=output.dtype))
        else:
            grad = Tensor(np.asarray(grad, dtype=output.dtype))
    if grad.shape != output.shape:
        raise RuntimeError(f"grad_tensors[{i}] has shape {grad.shape}, but output {i} has shape {output.shape}")
    return grad
