# visible: fails
# mistake: saves a copy of the output
# why: the saved Tensor is made from the same numbers but is not the output, so it is not in the graph and second derivatives through it are lost.
# see: The context
# hint: reason 3: which tensor must backward multiply by, so that the multiplication stays connected to x?
class Exp(Function):
    """``e ** x``. d/dx = e ** x (the output, saved)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        with np.errstate(over="ignore"):
            out = Tensor(np.exp(x.data))
        ctx.save_for_backward(Tensor(out.data.copy()))
        return out.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        (out,) = ctx.saved_tensors
        return grad * out
