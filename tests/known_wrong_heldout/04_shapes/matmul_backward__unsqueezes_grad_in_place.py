# heldout: gives the gradient its dimensions in place
class MatMul(Function):
    """``a @ b``. dA = G @ B^T, dB = A^T @ G (with 1-D and batch handling)."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return np.matmul(a.data, b.data)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        left, right = ctx.saved_tensors
        left_m, right_m = left, right
        if right.ndim == 1:
            right_m = right.reshape(-1, 1)
            grad.data = np.expand_dims(grad.data, -1)
        if left.ndim == 1:
            left_m = left.reshape(1, -1)
            grad.data = np.expand_dims(grad.data, -2)
        d_left = d_right = None
        if ctx.needs_input_grad[0]:
            d_left = unbroadcast(grad @ right_m.mT, left_m.shape).reshape(left.shape)
        if ctx.needs_input_grad[1]:
            d_right = unbroadcast(left_m.mT @ grad, right_m.shape).reshape(right.shape)
        return d_left, d_right
