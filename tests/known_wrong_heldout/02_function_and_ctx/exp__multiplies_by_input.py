# heldout: multiplies by x
class Exp(Function):
    """``e ** x``. d/dx = e ** x (the output, saved)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        ctx.save_for_backward(x)
        with np.errstate(over="ignore"):
            result = Tensor(np.exp(x.data))
        return result

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        (inp,) = ctx.saved_tensors
        return inp * grad
