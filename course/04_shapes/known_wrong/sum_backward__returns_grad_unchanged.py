# visible: fails
# mistake: gradient passed through
# why: the gradient is returned as it arrives, as if a sum did not change the shape.
# see: Reductions: `sum` with `dim` and `keepdim`
# hint: which shape must the gradient of x have?
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
        return grad, None, None
