# visible: passes
# backward computes with numpy on .data, so create_graph=True cannot record it (no second derivatives).
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

