# source: written for this set, a student who builds the reverse graph first
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    is_scalar = output.numel() == 1
    if grad is None and not is_scalar:
        raise RuntimeError("grad can be implicitly created only for scalar outputs")
    elif grad is None:
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    result = grad
    if type(grad) is not Tensor and not isinstance(grad, Tensor):
        result = Tensor(np.asarray(grad, dtype=output.dtype))
    if result.shape != output.shape:
        shape_g = list(result.shape)
        shape_o = list(output.shape)
        raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {shape_g} and output[{i}] has a shape of {shape_o}.")
    return result
