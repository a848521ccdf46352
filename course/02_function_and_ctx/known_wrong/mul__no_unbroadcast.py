# visible: fails
# mistake: no unbroadcast
# why: when numpy broadcast an input in forward, its gradient keeps the output's shape, (3, 4) for an input of shape (1, 4).
# see: Functions with a backward
# hint: what shape must the gradient of each input have?
class Mul(Function):
    """``a * b``. d/da = b, d/db = a."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return a.data * b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        grad_a = grad * b if ctx.needs_input_grad[0] else None
        grad_b = grad * a if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
