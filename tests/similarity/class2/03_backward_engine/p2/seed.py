# source: written for this set, a student who counts unvisited parents with a dict comprehension
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    tensor = grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad, dtype=output.dtype))
    if tensor.shape != output.shape:
        raise RuntimeError(
            f"Mismatch in shape: grad_output[{i}] has a shape of {list(tensor.shape)} and "
            f"output[{i}] has a shape of {list(output.shape)}."
        )
    return tensor
