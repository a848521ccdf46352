# visible: passes
# mistake: an empty output gets an implicit seed
# why: the test is numel() > 1 instead of numel() != 1, so an output with no elements gets an empty seed instead of the error (PyTorch raises there too).
# see: Exercise 2 · The seed gradient (1 point)
# hint: the seed 1 stands for dz/dz of a scalar z: how many elements must the output hold for that to make sense?
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
