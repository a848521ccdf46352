# visible: fails
# mistake: numpy in backward
# why: backward computes on .data with numpy, so with create_graph=True nothing is recorded and second derivatives are lost.
# see: Functions with a backward
# hint: which kind of operations does the engine record?
class Mul(Function):
    """``a * b``. d/da = b, d/db = a."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return a.data * b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        grad_a = unbroadcast(Tensor(grad.data * b.data), a.shape) if ctx.needs_input_grad[0] else None
        grad_b = unbroadcast(Tensor(grad.data * a.data), b.shape) if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
