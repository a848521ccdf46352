# visible: fails
# mistake: a given gradient keeps its own dtype
# why: np.asarray(grad) keeps the dtype of what was given, so a list of ints becomes an int64 gradient and a float32 output gets float64.
# see: Exercise 2 · The seed gradient (1 point)
# hint: when you turn a number, a list or an array into a Tensor, whose dtype should it take?
def _seed(i, output, grad):
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    grad = grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad))
    if grad.shape != output.shape:
        raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {list(grad.shape)} and "
                           f"output[{i}] has a shape of {list(output.shape)}.")
    return grad
