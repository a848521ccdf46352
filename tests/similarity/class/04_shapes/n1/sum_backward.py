# source: written for this set
def _kept_shape(shape: tuple[int, ...], dim: Dims) -> tuple[int, ...]:
    """The output shape with ``keepdim=True``: reduced dimensions become 1."""
    new_shape = []
    for axis, size in enumerate(shape):
        if dim is None or axis in dim:
            new_shape.append(1)
        else:
            new_shape.append(size)
    return tuple(new_shape)


class Sum(Function):
    """``x.sum(dim, keepdim)``. d/dx = 1 for every element: the gradient is copied back."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, dim: Dims = None, keepdim: bool = False) -> np.ndarray:
        ctx.shape, ctx.dim = x.shape, _axis(dim)
        return np.sum(x.data, axis=ctx.dim, keepdims=keepdim)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None, None]:
        kept = grad.reshape(_kept_shape(ctx.shape, ctx.dim))
        return kept.expand(ctx.shape), None, None
