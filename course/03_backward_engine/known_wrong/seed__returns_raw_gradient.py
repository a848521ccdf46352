# visible: passes
# Returns the user's gradient as given: a number, list or numpy array is not made a Tensor.
def _seed(i, output, grad):
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    if np.shape(grad) != output.shape:
        raise RuntimeError(f"Mismatch in shape: grad_output[{i}] and output[{i}]")
    return grad
