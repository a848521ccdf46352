# copy of i03: names changed, the joined test split into nested ifs, the isinstance if/else turned into a conditional expression, the %-format turned into an f-string split over two lines
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.full(output.shape, 1.0, dtype=output.dtype))
    g = grad if isinstance(grad, Tensor) else Tensor(np.array(grad, dtype=output.dtype))
    if list(g.shape) != list(output.shape):
        raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {list(g.shape)} "
                           f"and output[{i}] has a shape of {list(output.shape)}.")
    return g
