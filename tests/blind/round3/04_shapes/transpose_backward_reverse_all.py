# Wrong: reverses every axis (like numpy's .T), which undoes transpose(0, 2) of a 3-D tensor but not a swap of two other axes.
class Transpose(Function):
    @staticmethod
    def forward(ctx, x, dim0, dim1):
        ctx.dims = (dim0, dim1)
        return np.swapaxes(x.data, dim0, dim1)

    @staticmethod
    def backward(ctx, grad):
        return grad.permute(tuple(reversed(range(grad.ndim)))), None, None
