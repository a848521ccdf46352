# copy of solution: names changed, the None test inverted (the given gradient handled first), the message's f-strings joined
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is not None:
        given = grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad, dtype=output.dtype))
        if given.shape != output.shape:
            raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {list(given.shape)} and output[{i}] has a shape of {list(output.shape)}.")
        return given
    if output.numel() != 1:
        raise RuntimeError("grad can be implicitly created only for scalar outputs")
    return Tensor(np.ones(output.shape, dtype=output.dtype))
