# visible: passes
# Re-inserts each summed axis with unsqueeze, even when keepdim=True already kept it.
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
        if ctx.dim is not None:
            for d in ctx.dim:
                grad = grad.unsqueeze(d)
        return grad.expand(ctx.shape), None, None
