# visible: fails
# mistake: sum taken for a mean
# why: the copied gradient is divided by the number of summed elements, which is the backward of a mean, not of a sum.
# see: Reductions: `sum` with `dim` and `keepdim`
# hint: with which weight does every input enter a sum?
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
