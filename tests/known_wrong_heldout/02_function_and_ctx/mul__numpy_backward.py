# heldout: numpy in backward
class Mul(Function):
    """``a * b``. d/da = b, d/db = a."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return a.data * b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        g = grad.data
        grad_a = grad_b = None
        if ctx.needs_input_grad[0]:
            grad_a = unbroadcast(Tensor(np.multiply(g, b.data)), a.shape)
        if ctx.needs_input_grad[1]:
            grad_b = unbroadcast(Tensor(np.multiply(g, a.data)), b.shape)
        return grad_a, grad_b
