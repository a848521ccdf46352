# visible: passes
# Uses grad.T, which reverses every axis: right for a matrix, wrong for higher ranks.
class Transpose(Function):
    @staticmethod
    def forward(ctx, x, dim0, dim1):
        ctx.dims = (dim0, dim1)
        return np.swapaxes(x.data, dim0, dim1)

    @staticmethod
    def backward(ctx, grad):
        return grad.T, None, None
