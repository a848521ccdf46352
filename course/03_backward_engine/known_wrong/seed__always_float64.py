# visible: passes
# Seeds with np.ones(shape), always float64, whatever the output's dtype.
def _seed(i, output, grad):
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape))
    grad = grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad))
    if grad.shape != output.shape:
        raise RuntimeError(f"Mismatch in shape: grad_output[{i}] and output[{i}]")
    return grad
