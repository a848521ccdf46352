# visible: fails
# mistake: one return value
# why: backward returns only the tensor's gradient, without the None for each of dim0 and dim1.
# see: Exercise 3 · the backward of `Transpose` (1 point)
# hint: how many arguments did forward take after ctx?
class Transpose(Function):
    @staticmethod
    def forward(ctx, x, dim0, dim1):
        ctx.dims = (dim0, dim1)
        return np.swapaxes(x.data, dim0, dim1)

    @staticmethod
    def backward(ctx, grad):
        return grad.transpose(*ctx.dims)
