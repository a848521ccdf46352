# visible: fails
# mistake: -1/b**2 instead of -a/b**2
# why: the numerator a is left out of the divisor's gradient; that is right only where a = 1, as in the example.
# see: Exercise 5 · `Div` (1 point)
# hint: differentiate a * b**(-1) with respect to b: what stays as a factor?
class Div(Function):
    """``a / b``. d/da = 1 / b, d/db = -a / b**2."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        with np.errstate(divide="ignore", invalid="ignore"):
            return a.data / b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        grad_a = unbroadcast(grad / b, a.shape) if ctx.needs_input_grad[0] else None
        grad_b = unbroadcast(-grad / (b * b), b.shape) if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
