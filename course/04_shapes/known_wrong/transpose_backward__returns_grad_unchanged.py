# visible: fails
# Returns grad_output unchanged: the gradient keeps the transposed shape.
class Transpose(Function):
    @staticmethod
    def forward(ctx, x, dim0, dim1):
        ctx.dims = (dim0, dim1)
        return np.swapaxes(x.data, dim0, dim1)

    @staticmethod
    def backward(ctx, grad):
        return grad, None, None
