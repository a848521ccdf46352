# visible: fails
# mistake: computes exp in float64
# why: the values are right, but a float32 input gives a float64 output (and a float64 saved output), where PyTorch keeps float32.
# see: Functions with a backward
# hint: np.exp of a float32 array is already float32: what does the cast add?
class Exp(Function):
    """``e ** x``. d/dx = e ** x (the output, saved)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        with np.errstate(over="ignore"):
            out = Tensor(np.exp(x.data.astype(np.float64)))
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        (out,) = ctx.saved_tensors
        return grad * out
