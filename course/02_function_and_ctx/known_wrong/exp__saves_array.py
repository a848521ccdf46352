# visible: fails
# forward saves the numpy array out.data, which save_for_backward refuses (only tensors can be saved).
class Exp(Function):
    """``e ** x``. d/dx = e ** x (the output, saved)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        with np.errstate(over="ignore"):
            out = Tensor(np.exp(x.data))
        ctx.save_for_backward(out.data)
        return out

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        (out,) = ctx.saved_tensors
        return grad * out

