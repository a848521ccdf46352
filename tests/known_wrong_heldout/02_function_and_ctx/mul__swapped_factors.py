# heldout: multiplies by the wrong factor
class Mul(Function):
    """``a * b``. d/da = b, d/db = a."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return a.data * b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        ga = unbroadcast(grad * a, a.shape) if need_a else None
        gb = unbroadcast(grad * b, b.shape) if need_b else None
        return ga, gb
