# visible: fails
# mistake: numpy in backward
# why: backward computes on .data with numpy, so with create_graph=True nothing is recorded and second derivatives are lost.
# see: Functions with a backward
# hint: which kind of operations does the engine record?
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
        return Tensor(grad.data * out.data)
