# copy of solution: names changed, the conditional expression turned into if/else with the condition inverted, the two checks' order kept
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    if not isinstance(grad, Tensor):
        g = Tensor(np.asarray(grad, dtype=output.dtype))
    else:
        g = grad
    if g.shape != output.shape:
        raise RuntimeError(
            f"Mismatch in shape: grad_output[{i}] has a shape of {list(g.shape)} and "
            f"output[{i}] has a shape of {list(output.shape)}."
        )
    return g
