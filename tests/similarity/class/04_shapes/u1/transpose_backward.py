# source: tests/unusual_correct/04_shapes/transpose_backward__permute.py
class Transpose(Function):
    """``x.transpose(dim0, dim1)``: swap two dimensions. Backward: swap them back."""

    @staticmethod
    def forward(ctx, x, dim0, dim1):
        ctx.dims = (dim0, dim1)
        return np.swapaxes(x.data, dim0, dim1)

    @staticmethod
    def backward(ctx, grad):
        order = list(range(grad.ndim))
        first, second = (d % grad.ndim for d in ctx.dims)
        order[first], order[second] = order[second], order[first]
        return grad.permute(*order), None, None
