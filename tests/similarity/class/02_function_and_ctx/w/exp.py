# copy of n1: rename, recomment
class Exp(Function):
    """``e ** x``. d/dx = e ** x (the output, saved)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        with np.errstate(over="ignore"):
            v = np.exp(x.data)
        t = Tensor(v)
        ctx.save_for_backward(t)
        return t

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        s = ctx.saved_tensors
        t = s[0]
        return t * grad
