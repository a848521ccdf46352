# heldout: warns on overflow
class Exp(Function):
    """``e ** x``. d/dx = e ** x (the output, saved)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        out = Tensor(np.exp(x.data))
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        out, = ctx.saved_tensors
        return out * grad
