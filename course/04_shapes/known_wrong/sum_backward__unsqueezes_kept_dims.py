# visible: fails
# mistake: unsqueezes axes that are already there
# why: each summed axis is inserted again with unsqueeze, also when keepdim=True already kept it, so the gradient gets too many dimensions.
# see: Exercise 2 · the backward of `Sum` (2 points)
# hint: what shape does the gradient arrive in when keepdim=True, and which single step works in both cases?
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
