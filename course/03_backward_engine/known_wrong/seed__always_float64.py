# visible: fails
# mistake: seed always float64
# why: np.ones(shape) and np.asarray(grad) make float64 arrays whatever the output is, so a float32 output gets a float64 seed.
# see: Exercise 2 · The seed gradient (1 point)
# hint: which dtype should the seed of a float32 output have, and where can you read it?
def _seed(i, output, grad):
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape))
    grad = grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad))
    if grad.shape != output.shape:
        raise RuntimeError(f"Mismatch in shape: grad_output[{i}] and output[{i}]")
    return grad
