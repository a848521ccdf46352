# visible: fails
# mistake: keeps the output as an attribute of ctx
# why: ctx.out is never freed and never checked, so a second backward runs again and an output changed in place gives a wrong gradient without an error.
# see: The context
# hint: which method lets the engine free the saved tensors and check their versions?
class Exp(Function):
    """``e ** x``. d/dx = e ** x (the output, saved)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        with np.errstate(over="ignore"):
            out = Tensor(np.exp(x.data))
        ctx.out = out
        return out

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        out = ctx.out
        return grad * out
