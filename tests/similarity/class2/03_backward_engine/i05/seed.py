# source: written for this set, a student who numbers the nodes by depth first finishing time
def _seed(i, output, grad):
    """Ones for a scalar output, else the given gradient, checked."""
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        grad = np.ones(output.shape, dtype=output.dtype)
    if not isinstance(grad, Tensor):
        grad = Tensor(np.asarray(grad, dtype=output.dtype))
    if grad.shape == output.shape:
        return grad
    raise RuntimeError("Mismatch in shape: grad_output[" + str(i) + "] has a shape of " + str(list(grad.shape))
                       + " and output[" + str(i) + "] has a shape of " + str(list(output.shape)) + ".")
