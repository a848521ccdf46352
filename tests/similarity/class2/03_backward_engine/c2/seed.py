# copy of i02: names changed, the conditional expression turned into if/else, the two branches swapped (condition inverted), the ones written with np.ones
def _seed(i, output, grad):
    """Ones for a scalar output, else the given gradient."""
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    if isinstance(grad, Tensor):
        given = grad
    else:
        given = Tensor(np.asarray(grad, dtype=output.dtype))
    if given.shape != output.shape:
        raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {list(given.shape)} and output[{i}] has a shape of {list(output.shape)}.")
    return given
