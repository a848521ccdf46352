# source: course/04_shapes/04_shapes.md, cell sum_backward
def _kept_shape(shape: tuple[int, ...], dim: Dims) -> tuple[int, ...]:
    """The output shape with ``keepdim=True``: reduced dimensions become 1."""
    if dim is None:
        return (1,) * len(shape)
    return tuple(1 if i in dim else n for i, n in enumerate(shape))


class Sum(Function):
    """``x.sum(dim, keepdim)``. d/dx = 1 for every element: the gradient is copied back."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, dim: Dims = None, keepdim: bool = False) -> np.ndarray:
        ctx.shape, ctx.dim = x.shape, _axis(dim)
        return np.sum(x.data, axis=ctx.dim, keepdims=keepdim)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None, None]:
        return grad.reshape(_kept_shape(ctx.shape, ctx.dim)).expand(ctx.shape), None, None
