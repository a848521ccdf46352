# visible: passes
# backward returns the local derivatives (b, a) without multiplying by the incoming gradient.
class Mul(Function):
    """``a * b``. d/da = b, d/db = a."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return a.data * b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        grad_a = unbroadcast(b, a.shape) if ctx.needs_input_grad[0] else None
        grad_b = unbroadcast(a, b.shape) if ctx.needs_input_grad[1] else None
        return grad_a, grad_b

