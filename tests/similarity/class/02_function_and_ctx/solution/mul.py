# source: course/02_function_and_ctx/02_function_and_ctx.md, cell mul
class Mul(Function):
    """``a * b``. d/da = b, d/db = a."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return a.data * b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        grad_a = unbroadcast(grad * b, a.shape) if ctx.needs_input_grad[0] else None
        grad_b = unbroadcast(grad * a, b.shape) if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
