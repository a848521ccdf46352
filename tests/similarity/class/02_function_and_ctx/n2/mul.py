# source: written for this set
class Mul(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a.data * b.data

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        na, nb = ctx.needs_input_grad
        return (unbroadcast(grad * b, a.shape) if na else None,
                unbroadcast(grad * a, b.shape) if nb else None)
