# visible: fails
# mistake: numpy inside
# why: the values are right, but np.broadcast_to on grad.data makes a new Tensor that is cut from the graph, so the gradient cannot be differentiated again.
# see: Exercise 2 · the backward of `Sum` (2 points)
# hint: which two Tensor operations do the same as the numpy call, and keep the graph?
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
        kept = grad.data.reshape(_kept_shape(ctx.shape, ctx.dim))
        return Tensor(np.broadcast_to(kept, ctx.shape).copy()), None, None
