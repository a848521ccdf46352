# visible: fails
# mistake: multiplies by the wrong factor
# why: each input's gradient is multiplied by that input itself instead of by the other factor.
# see: Exercise 3 · `Mul` (1 point)
# hint: the derivative of a * b with respect to a is which value?
class Mul(Function):
    """``a * b``. d/da = b, d/db = a."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return a.data * b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        grad_a = unbroadcast(grad * a, a.shape) if ctx.needs_input_grad[0] else None
        grad_b = unbroadcast(grad * b, b.shape) if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
