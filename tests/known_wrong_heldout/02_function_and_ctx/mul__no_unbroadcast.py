# heldout: no unbroadcast
class Mul(Function):
    """``a * b``. d/da = b, d/db = a."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return a.data * b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        first, second = ctx.saved_tensors
        results = [None, None]
        if ctx.needs_input_grad[0]:
            results[0] = second * grad
        if ctx.needs_input_grad[1]:
            results[1] = first * grad
        return tuple(results)
