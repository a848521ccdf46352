# visible: fails
# mistake: forgets the incoming gradient
# why: backward returns (b, a), the local derivatives alone; that is right only when the upstream gradient is 1 everywhere.
# see: Functions with a backward
# hint: the chain rule multiplies the local derivative by what?
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
