# source: written for this set
class Transpose(Function):
    """``x.transpose(dim0, dim1)``: swap two dimensions. Backward: swap them back."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, dim0: int, dim1: int) -> np.ndarray:
        ctx.dims = (dim0, dim1)
        return np.swapaxes(x.data, dim0, dim1)

    @staticmethod
    def backward(ctx, grad):
        return grad.transpose(ctx.dims[1], ctx.dims[0]), None, None
