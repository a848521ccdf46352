# visible: fails
# The input is saved and the gradient multiplied by x instead of by exp(x).
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

