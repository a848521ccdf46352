# visible: fails
# mistake: ones on the wrong axes
# why: _kept_shape puts 1 on the axes that were kept instead of the axes that were summed.
# see: Exercise 2 · the backward of `Sum` (2 points)
# hint: after x.sum(dim=1, keepdim=True), which axis has size 1?
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
