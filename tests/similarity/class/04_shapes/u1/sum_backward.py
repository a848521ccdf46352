# source: tests/unusual_correct/04_shapes/sum_backward__multiply_by_ones.py
def _kept_shape(shape, dim):
    kept = list(shape)
    for axis in range(len(shape)) if dim is None else dim:
        kept[axis] = 1
    return tuple(kept)


class Sum(Function):
    """``x.sum(dim, keepdim)``. d/dx = 1 for every element: the gradient is copied back."""

    @staticmethod
    def forward(ctx, x, dim=None, keepdim=False):
        ctx.shape, ctx.dim = x.shape, _axis(dim)
        return np.sum(x.data, axis=ctx.dim, keepdims=keepdim)

    @staticmethod
    def backward(ctx, grad):
        column = grad.reshape(*_kept_shape(ctx.shape, ctx.dim))
        return column * Tensor(np.ones(ctx.shape, dtype=grad.dtype)), None, None
