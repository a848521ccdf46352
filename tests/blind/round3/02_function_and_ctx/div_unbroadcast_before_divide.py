# Wrong: a's gradient is unbroadcast before dividing by b, so it has the wrong shape when a is the broadcast input.
class Div(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        with np.errstate(divide="ignore", invalid="ignore"):
            return a.data / b.data

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        grad_a = unbroadcast(grad, a.shape) / b if ctx.needs_input_grad[0] else None
        grad_b = unbroadcast(-grad * a / (b * b), b.shape) if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
