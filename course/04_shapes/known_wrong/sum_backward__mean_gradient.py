# visible: fails
# Confuses sum with mean: divides the copied gradient by the number of summed elements.
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
        count = int(np.prod(ctx.shape)) // max(grad.numel(), 1)
        return grad.reshape(_kept_shape(ctx.shape, ctx.dim)).expand(ctx.shape) / count, None, None
