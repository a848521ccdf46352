# visible: fails
# mistake: numpy inside
# why: np.swapaxes on grad.data gives the right numbers in a new Tensor that is cut from the graph, so the gradient cannot be differentiated again.
# see: Exercise 3 · the backward of `Transpose` (1 point)
# hint: which Tensor operation swaps two given axes and keeps the graph?
class Transpose(Function):
    @staticmethod
    def forward(ctx, x, dim0, dim1):
        ctx.dims = (dim0, dim1)
        return np.swapaxes(x.data, dim0, dim1)

    @staticmethod
    def backward(ctx, grad):
        return Tensor(np.swapaxes(grad.data, *ctx.dims)), None, None
