# Wrong: without keepdim only the first summed axis is put back, so a sum over several axes without keepdim expands a misaligned gradient.
def _kept_shape(shape, dim):
    if dim is None:
        return (1,) * len(shape)
    return tuple(1 if i in dim else n for i, n in enumerate(shape))


class Sum(Function):
    @staticmethod
    def forward(ctx, x, dim=None, keepdim=False):
        ctx.shape, ctx.dim = x.shape, _axis(dim)
        return np.sum(x.data, axis=ctx.dim, keepdims=keepdim)

    @staticmethod
    def backward(ctx, grad):
        if ctx.dim is None:
            grad = grad.reshape(_kept_shape(ctx.shape, None))
        elif grad.ndim < len(ctx.shape):
            grad = grad.unsqueeze(ctx.dim[0])
        return grad.expand(ctx.shape), None, None
