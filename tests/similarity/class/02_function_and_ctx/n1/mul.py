# source: written for this set
class Mul(Function):
    """``a * b``. d/da = b, d/db = a."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        # remember both inputs, each is needed for the other's gradient
        ctx.save_for_backward(a, b)
        product = a.data * b.data
        return product

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        grad_for_a = None
        grad_for_b = None
        if need_a:
            grad_for_a = unbroadcast(b * grad, a.shape)
        if need_b:
            grad_for_b = unbroadcast(a * grad, b.shape)
        return grad_for_a, grad_for_b
