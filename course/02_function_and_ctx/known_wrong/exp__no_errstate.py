# visible: fails
# mistake: warns on overflow
# why: without np.errstate, numpy prints a RuntimeWarning when exp overflows to inf; torch gives inf quietly.
# see: Exercise 4 · `Exp` (1 point)
# hint: the exercise names a numpy context manager for this.
class Exp(Function):
    """``e ** x``. d/dx = e ** x (the output, saved)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        out = Tensor(np.exp(x.data))
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        (out,) = ctx.saved_tensors
        return grad * out
