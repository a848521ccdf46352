# copy of n1: rename
class Transpose(Function):
    """``x.transpose(dim0, dim1)``: swap two dimensions. Backward: swap them back."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, dim0: int, dim1: int) -> np.ndarray:
        ctx.dims = (dim0, dim1)
        return np.swapaxes(x.data, dim0, dim1)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None, None]:
        d0, d1 = ctx.dims
        return grad.transpose(d0, d1), None, None
