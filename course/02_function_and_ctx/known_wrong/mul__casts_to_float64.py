# visible: fails
# mistake: casts the product to float64
# why: the values are right, but float32 inputs give a float64 output, where PyTorch keeps float32.
# see: Functions with a backward
# hint: which dtype does numpy give the product of two float32 arrays, if you leave it alone?
class Mul(Function):
    """``a * b``. d/da = b, d/db = a."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return (a.data * b.data).astype(np.float64)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        grad_a = unbroadcast(grad * b, a.shape) if ctx.needs_input_grad[0] else None
        grad_b = unbroadcast(grad * a, b.shape) if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
