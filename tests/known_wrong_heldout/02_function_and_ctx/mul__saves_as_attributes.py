# heldout: saves the inputs as attributes of ctx
class Mul(Function):
    """``a * b``. d/da = b, d/db = a."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.lhs = a
        ctx.rhs = b
        return a.data * b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        lhs, rhs = ctx.lhs, ctx.rhs
        d_lhs = unbroadcast(grad * rhs, lhs.shape) if ctx.needs_input_grad[0] else None
        d_rhs = unbroadcast(grad * lhs, rhs.shape) if ctx.needs_input_grad[1] else None
        return d_lhs, d_rhs
