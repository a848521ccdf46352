# visible: fails
# Returns only the tensor's gradient, forgetting the None for each of dim0 and dim1.
class Transpose(Function):
    @staticmethod
    def forward(ctx, x, dim0, dim1):
        ctx.dims = (dim0, dim1)
        return np.swapaxes(x.data, dim0, dim1)

    @staticmethod
    def backward(ctx, grad):
        return grad.transpose(*ctx.dims)
