# visible: fails
# mistake: reverses every axis
# why: grad.T reverses all the axes: right for a matrix, and for swapping the first and last of three axes, wrong for any other pair.
# see: Exercise 3 · the backward of `Transpose` (1 point)
# hint: for x.transpose(0, 1) with x of shape (2, 3, 4), which axes must move back?
class Transpose(Function):
    @staticmethod
    def forward(ctx, x, dim0, dim1):
        ctx.dims = (dim0, dim1)
        return np.swapaxes(x.data, dim0, dim1)

    @staticmethod
    def backward(ctx, grad):
        return grad.T, None, None
