# visible: fails
# mistake: gradient passed through
# why: the gradient keeps the transposed shape, so it no longer matches x.
# see: Moving numbers without changing them: reshape and transpose
# hint: which shape must the gradient of x have?
class Transpose(Function):
    @staticmethod
    def forward(ctx, x, dim0, dim1):
        ctx.dims = (dim0, dim1)
        return np.swapaxes(x.data, dim0, dim1)

    @staticmethod
    def backward(ctx, grad):
        return grad, None, None
