# visible: fails
# mistake: warns on division by zero
# why: without np.errstate, numpy prints a RuntimeWarning for 1 / 0 and 0 / 0; torch gives inf and nan quietly.
# see: Exercise 5 · `Div` (1 point)
# hint: the exercise names a numpy context manager for this.
class Div(Function):
    """``a / b``. d/da = 1 / b, d/db = -a / b**2."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return a.data / b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        grad_a = unbroadcast(grad / b, a.shape) if ctx.needs_input_grad[0] else None
        grad_b = unbroadcast(-grad * a / (b * b), b.shape) if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
