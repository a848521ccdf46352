# heldout: numpy in backward
class Div(Function):
    """``a / b``. d/da = 1 / b, d/db = -a / b**2."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        with np.errstate(divide="ignore", invalid="ignore"):
            return a.data / b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        g, av, bv = grad.data, a.data, b.data
        result_a = result_b = None
        if ctx.needs_input_grad[0]:
            result_a = unbroadcast(Tensor(g / bv), a.shape)
        if ctx.needs_input_grad[1]:
            result_b = unbroadcast(Tensor(-g * av / bv**2), b.shape)
        return result_a, result_b
