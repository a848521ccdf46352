# source: tests/known_wrong_heldout/04_shapes/matmul_backward__no_unbroadcast.py
class MatMul(Function):
    """``a @ b``. dA = G @ B^T, dB = A^T @ G (with 1-D and batch handling)."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return np.matmul(a.data, b.data)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        left, right = ctx.saved_tensors
        g = grad
        left_m, right_m = left, right
        if right.ndim == 1:
            right_m = right.reshape(-1, 1)
            g = g.unsqueeze(-1)
        if left.ndim == 1:
            left_m = left.reshape(1, -1)
            g = g.unsqueeze(-2)
        d_left = d_right = None
        if ctx.needs_input_grad[0]:
            d_left = g @ right_m.mT
            if left.ndim == 1:
                d_left = d_left.squeeze(-2)
        if ctx.needs_input_grad[1]:
            d_right = left_m.mT @ g
            if right.ndim == 1:
                d_right = d_right.squeeze(-1)
        return d_left, d_right
