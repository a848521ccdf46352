# visible: fails
# mistake: ones for any output
# why: a vector output with no gradient gets a seed of ones, which silently differentiates its sum instead of raising.
# see: Where the backward pass starts
# hint: is there a derivative of a vector without a gradient to weigh it? What does PyTorch do?
def _seed(i, output, grad):
    if grad is None:
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    grad = grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad, dtype=output.dtype))
    if grad.shape != output.shape:
        raise RuntimeError(f"Mismatch in shape: grad_output[{i}] and output[{i}]")
    return grad
