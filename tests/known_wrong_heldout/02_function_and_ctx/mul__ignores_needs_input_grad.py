# heldout: computes every gradient
class Mul(Function):
    """``a * b``. d/da = b, d/db = a."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        product = a.data * b.data
        ctx.save_for_backward(a, b)
        return product

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        x, y = ctx.saved_tensors
        dx = unbroadcast(y * grad, x.shape)
        dy = unbroadcast(x * grad, y.shape)
        return dx, dy
