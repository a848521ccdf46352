# copy of n1: rename, recomment, operands swapped
class Div(Function):
    """``a / b``. d/da = 1 / b, d/db = -a / b**2."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        with np.errstate(divide="ignore", invalid="ignore"):
            q = a.data / b.data
        return q

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        x, y = ctx.saved_tensors
        nx, ny = ctx.needs_input_grad
        gx = None
        gy = None
        if nx:
            gx = unbroadcast((1 / y) * grad, x.shape)
        if ny:
            gy = unbroadcast((-x / (y * y)) * grad, y.shape)
        return gx, gy
