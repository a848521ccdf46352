# source: tests/known_wrong_heldout/02_function_and_ctx/mul__forgets_grad_output.py
class Mul(Function):
    """``a * b``. d/da = b, d/db = a."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return np.multiply(a.data, b.data)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        left, right = ctx.saved_tensors
        want_left, want_right = ctx.needs_input_grad
        g_left = g_right = None
        if want_left:
            g_left = unbroadcast(right, left.shape)
        if want_right:
            g_right = unbroadcast(left, right.shape)
        return g_left, g_right
