# Wrong: the implicit seed is allowed for numel() <= 1, so an empty output (numel 0) gets an empty seed instead of the error.
def _seed(i, output, grad):
    if grad is None:
        if output.numel() > 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    if not isinstance(grad, Tensor):
        grad = Tensor(np.asarray(grad, dtype=output.dtype))
    if grad.shape != output.shape:
        raise RuntimeError(f"grad_tensors[{i}] has shape {grad.shape}, but output {i} has shape {output.shape}")
    return grad
