# visible: fails
# mistake: saves the inputs as attributes of ctx
# why: ctx.a and ctx.b are never freed and never checked, so a second backward runs again and a saved input changed in place gives a wrong gradient without an error.
# see: The context
# hint: which method lets the engine free the saved tensors and check their versions?
class Div(Function):
    """``a / b``. d/da = 1 / b, d/db = -a / b**2."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.a, ctx.b = a, b
        with np.errstate(divide="ignore", invalid="ignore"):
            return a.data / b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.a, ctx.b
        grad_a = unbroadcast(grad / b, a.shape) if ctx.needs_input_grad[0] else None
        grad_b = unbroadcast(-grad * a / (b * b), b.shape) if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
