# visible: fails
# mistake: multiplies by x
# why: forward saves the input, and backward multiplies by x instead of by exp(x).
# see: Exercise 4 · `Exp` (1 point)
# hint: which tensor holds exp(x) after forward?
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
        (out,) = ctx.saved_tensors
        return grad * out
