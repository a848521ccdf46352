# heldout: vectors treated as matrices
class MatMul(Function):
    """``a @ b``. dA = G @ B^T, dB = A^T @ G (with 1-D and batch handling)."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return np.matmul(a.data, b.data)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        left, right = ctx.saved_tensors
        d_left = d_right = None
        if ctx.needs_input_grad[0]:
            d_left = unbroadcast(grad @ right.mT, left.shape)
        if ctx.needs_input_grad[1]:
            d_right = unbroadcast(left.mT @ grad, right.shape)
        return d_left, d_right
