# heldout: warns on division by zero
class Div(Function):
    """``a / b``. d/da = 1 / b, d/db = -a / b**2."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return np.divide(a.data, b.data)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        out_a = out_b = None
        if ctx.needs_input_grad[0]:
            out_a = unbroadcast(grad / b, a.shape)
        if ctx.needs_input_grad[1]:
            out_b = unbroadcast(grad * (-a) / (b * b), b.shape)
        return out_a, out_b
