# visible: fails
# mistake: expands without putting the summed axes back
# why: the gradient is expanded as it arrives, and broadcasting lines it up on the right, which is only right when the summed axes are the first ones.
# see: Reductions: `sum` with `dim` and `keepdim`
# hint: for x.sum(dim=1) with x of shape (2, 3), is the gradient of shape (2,) a row or a column?
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
