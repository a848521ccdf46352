# heldout: loses the minus sign
class Div(Function):
    """``a / b``. d/da = 1 / b, d/db = -a / b**2."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        with np.errstate(divide="ignore", invalid="ignore"):
            res = a.data / b.data
        return res

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        wanted = ctx.needs_input_grad
        grads = []
        grads.append(unbroadcast(grad / b, a.shape) if wanted[0] else None)
        grads.append(unbroadcast((grad * a) / (b * b), b.shape) if wanted[1] else None)
        return tuple(grads)
