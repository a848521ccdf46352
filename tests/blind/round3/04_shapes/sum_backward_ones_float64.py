# Wrong: the copy is made by multiplying with a float64 tensor of ones, so a float32 gradient comes back float64.
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
        return grad.reshape(_kept_shape(ctx.shape, ctx.dim)) * Tensor(np.ones(ctx.shape)), None, None
