# source: written for this set
def _kept_shape(shape, dim):
    dims = range(len(shape)) if dim is None else dim
    return tuple(1 if i in dims else s for i, s in enumerate(shape))


class Sum(Function):
    """``x.sum(dim, keepdim)``. d/dx = 1 for every element: the gradient is copied back."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, dim: Dims = None, keepdim: bool = False) -> np.ndarray:
        ctx.shape, ctx.dim = x.shape, _axis(dim)
        return np.sum(x.data, axis=ctx.dim, keepdims=keepdim)

    @staticmethod
    def backward(ctx, grad):
        return grad.reshape(*_kept_shape(ctx.shape, ctx.dim)).expand(*ctx.shape), None, None
