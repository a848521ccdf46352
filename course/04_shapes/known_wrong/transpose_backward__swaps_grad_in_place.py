# visible: fails
# mistake: swaps the incoming gradient in place
# why: the axes of grad.data are swapped and grad itself is returned, so the tensor the caller passed in is changed too.
# see: Chapter 4 · Shapes: broadcasting and its gradient
# hint: should backward hand back the very tensor it received, changed, or a new one?
class Transpose(Function):
    @staticmethod
    def forward(ctx, x, dim0, dim1):
        ctx.dims = (dim0, dim1)
        return np.swapaxes(x.data, dim0, dim1)

    @staticmethod
    def backward(ctx, grad):
        grad.data = np.swapaxes(grad.data, *ctx.dims)
        return grad, None, None
