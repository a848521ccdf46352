# visible: fails
# mistake: one return value
# why: backward returns only the gradient of x, without a None for each of dim and keepdim.
# see: Exercise 2 · the backward of `Sum` (2 points)
# hint: how many arguments did forward take after ctx?
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
        return grad.reshape(_kept_shape(ctx.shape, ctx.dim)).expand(ctx.shape)
