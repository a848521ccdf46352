# visible: fails
# mistake: broadcasts a gradient of the wrong shape
# why: a gradient that broadcasts to the output's shape is stretched instead of refused, so a mistake in the caller's shapes goes unnoticed.
# see: Where the backward pass starts
# hint: the gradient must have the shape of the output; is "it can be stretched to it" the same?
def _seed(i, output, grad):
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    grad = grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad, dtype=output.dtype))
    if grad.shape != output.shape:
        try:
            grad = Tensor(np.broadcast_to(grad.data, output.shape).copy())
        except ValueError:
            raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {list(grad.shape)} and "
                               f"output[{i}] has a shape of {list(output.shape)}.") from None
    return grad
