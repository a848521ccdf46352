# visible: fails
# mistake: returns the gradient as given
# why: a number, a list or a numpy array is returned as it is, not as a Tensor, and the engine cannot use it.
# see: Exercise 2 · The seed gradient (1 point)
# hint: what type must every gradient that flows through the graph have?
def _seed(i, output, grad):
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    if np.shape(grad) != output.shape:
        raise RuntimeError(f"Mismatch in shape: grad_output[{i}] and output[{i}]")
    return grad
