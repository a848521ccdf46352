# copy of n1: rename, recomment
class Mul(Function):
    """``a * b``. d/da = b, d/db = a."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        p = a.data * b.data
        return p

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        x, y = ctx.saved_tensors
        nx, ny = ctx.needs_input_grad
        gx = None
        gy = None
        if nx:
            gx = unbroadcast(y * grad, x.shape)
        if ny:
            gy = unbroadcast(x * grad, y.shape)
        return gx, gy
