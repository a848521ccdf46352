# source: tests/known_wrong_heldout/02_function_and_ctx/div__divisor_not_squared.py
class Div(Function):
    """``a / b``. d/da = 1 / b, d/db = -a / b**2."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        with np.errstate(divide="ignore", invalid="ignore"):
            quotient = np.true_divide(a.data, b.data)
        return quotient

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        num, den = ctx.saved_tensors
        g_num = g_den = None
        if ctx.needs_input_grad[0]:
            g_num = unbroadcast(grad * (1.0 / den), num.shape)
        if ctx.needs_input_grad[1]:
            g_den = unbroadcast(-(grad * num) / den, den.shape)
        return g_num, g_den
