# visible: fails
# mistake: always the last two axes
# why: grad.mT swaps the last two axes, whichever two axes the forward pass swapped.
# see: Exercise 3 · the backward of `Transpose` (1 point)
# hint: which two axes did the forward pass swap, and where are they stored?
class Transpose(Function):
    @staticmethod
    def forward(ctx, x, dim0, dim1):
        ctx.dims = (dim0, dim1)
        return np.swapaxes(x.data, dim0, dim1)

    @staticmethod
    def backward(ctx, grad):
        return grad.mT, None, None
