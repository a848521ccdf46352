# visible: fails
# mistake: saves the input and recomputes exp
# why: the gradients are right, but backward computes exp(x) a second time instead of reusing the output that forward already has.
# see: Exercise 4 · `Exp` (1 point)
# hint: the local derivative of exp is the output itself: which tensor should forward save?
class Exp(Function):
    """``e ** x``. d/dx = e ** x (the output, saved)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        with np.errstate(over="ignore"):
            out = Tensor(np.exp(x.data))
        ctx.save_for_backward(x)
        return out

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        (x,) = ctx.saved_tensors
        return grad * x.exp()
