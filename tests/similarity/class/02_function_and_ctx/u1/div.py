# source: tests/unusual_correct/02_function_and_ctx/div__power_of_b.py
class Div(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        with np.errstate(all="ignore"):
            return np.true_divide(a.data, b.data)

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        grad_a = unbroadcast(grad / b, a.shape) if ctx.needs_input_grad[0] else None
        grad_b = unbroadcast(-(a * grad) / b**2, b.shape) if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
