# heldout: -1/b**2 instead of -a/b**2
class Div(Function):
    """``a / b``. d/da = 1 / b, d/db = -a / b**2."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        with np.errstate(divide="ignore", invalid="ignore"):
            out = a.data / b.data
        ctx.save_for_backward(a, b)
        return out

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        inv = 1.0 / b
        da = unbroadcast(grad * inv, a.shape) if ctx.needs_input_grad[0] else None
        db = unbroadcast(-grad * inv * inv, b.shape) if ctx.needs_input_grad[1] else None
        return da, db
