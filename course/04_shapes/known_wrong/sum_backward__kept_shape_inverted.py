# visible: fails
# _kept_shape puts the 1s on the axes that were kept instead of the axes that were summed.
def _kept_shape(shape, dim):
    if dim is None:
        return (1,) * len(shape)
    return tuple(n if i in dim else 1 for i, n in enumerate(shape))


class Sum(Function):
    @staticmethod
    def forward(ctx, x, dim=None, keepdim=False):
        ctx.shape, ctx.dim = x.shape, _axis(dim)
        return np.sum(x.data, axis=ctx.dim, keepdims=keepdim)

    @staticmethod
    def backward(ctx, grad):
        return grad.reshape(_kept_shape(ctx.shape, ctx.dim)).expand(ctx.shape), None, None
