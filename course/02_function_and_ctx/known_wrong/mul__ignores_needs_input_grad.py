# visible: fails
# mistake: computes every gradient
# why: both gradients are always returned, even for an input whose needs_input_grad is False.
# see: Functions with a backward
# hint: what should backward return for an input that needs no gradient?
class Mul(Function):
    """``a * b``. d/da = b, d/db = a."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return a.data * b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        grad_a = unbroadcast(grad * b, a.shape)
        grad_b = unbroadcast(grad * a, b.shape)
        return grad_a, grad_b
