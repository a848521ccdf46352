# source: written for this set
class Div(Function):
    """``a / b``. d/da = 1 / b, d/db = -a / b**2."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        # dividing by zero gives inf or nan, like torch, without a warning
        with np.errstate(divide="ignore", invalid="ignore"):
            quotient = a.data / b.data
        return quotient

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        grad_for_a = None
        grad_for_b = None
        if need_a:
            grad_for_a = unbroadcast(grad * (1 / b), a.shape)
        if need_b:
            grad_for_b = unbroadcast(grad * (-a / (b * b)), b.shape)
        return grad_for_a, grad_for_b
