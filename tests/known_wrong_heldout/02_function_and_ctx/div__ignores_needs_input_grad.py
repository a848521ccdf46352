# heldout: computes every gradient
class Div(Function):
    """``a / b``. d/da = 1 / b, d/db = -a / b**2."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        with np.errstate(divide="ignore", invalid="ignore"):
            return a.data / b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        top, bottom = ctx.saved_tensors
        g_top = unbroadcast(grad / bottom, top.shape)
        g_bottom = unbroadcast(-(grad * top) / (bottom * bottom), bottom.shape)
        return g_top, g_bottom
