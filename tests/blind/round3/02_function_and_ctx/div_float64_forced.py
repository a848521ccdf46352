# Wrong: np.divide with dtype=float64, so float32 inputs give a float64 quotient.
class Div(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.divide(a.data, b.data, dtype=np.float64)

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        grad_a = unbroadcast(grad / b, a.shape) if ctx.needs_input_grad[0] else None
        grad_b = unbroadcast(-grad * a / (b * b), b.shape) if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
