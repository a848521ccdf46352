# visible: fails
# mistake: forgets the incoming gradient
# why: backward returns exp(x) alone, which is right only when the upstream gradient is 1 everywhere.
# see: Functions with a backward
# hint: the chain rule multiplies the local derivative by what?
class Exp(Function):
    """``e ** x``. d/dx = e ** x (the output, saved)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        with np.errstate(over="ignore"):
            out = Tensor(np.exp(x.data))
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        (out,) = ctx.saved_tensors
        return out
