# source: written for this set
class Div(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        with np.errstate(all="ignore"):
            return a.data / b.data

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        na, nb = ctx.needs_input_grad
        ga = unbroadcast(grad / b, a.shape) if na else None
        gb = unbroadcast(grad * (-a) / b / b, b.shape) if nb else None
        return ga, gb
