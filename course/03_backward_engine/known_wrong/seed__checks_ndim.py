# visible: fails
# mistake: tests the number of dimensions
# why: asking whether the output is 0-d refuses outputs of shape (1,) or (1, 1), which hold one number too.
# see: Exercise 2 · The seed gradient (1 point)
# hint: what makes an output a scalar for backward: its number of dimensions, or its number of elements?
def _seed(i, output, grad):
    if grad is None:
        if output.ndim != 0:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    grad = grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad, dtype=output.dtype))
    if grad.shape != output.shape:
        raise RuntimeError(f"Mismatch in shape: grad_output[{i}] and output[{i}]")
    return grad
