# visible: fails
# mistake: no axes left for a full sum
# why: _kept_shape gives () when every axis is summed, the shape without keepdim; expand still stretches a 0-d gradient, so only _kept_shape itself is wrong.
# see: Exercise 2 · the backward of `Sum` (2 points)
# hint: with keepdim=True, how many dimensions does x.sum() of a (2, 3) tensor keep?
def _kept_shape(shape, dim):
    if dim is None:
        return ()
    return tuple(1 if i in dim else n for i, n in enumerate(shape))


class Sum(Function):
    @staticmethod
    def forward(ctx, x, dim=None, keepdim=False):
        ctx.shape, ctx.dim = x.shape, _axis(dim)
        return np.sum(x.data, axis=ctx.dim, keepdims=keepdim)

    @staticmethod
    def backward(ctx, grad):
        return grad.reshape(_kept_shape(ctx.shape, ctx.dim)).expand(ctx.shape), None, None
