# visible: fails
# mistake: reshapes the incoming gradient in place
# why: grad.data is replaced by a reshaped copy, so the tensor the caller passed in (the user's own gradient, maybe) changes shape under its feet.
# see: Chapter 4 · Shapes: broadcasting and its gradient
# hint: does reshape make a new tensor, and what happens to the old one if you assign to its .data?
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
        grad.data = grad.data.reshape(_kept_shape(ctx.shape, ctx.dim))
        return grad.expand(ctx.shape), None, None
