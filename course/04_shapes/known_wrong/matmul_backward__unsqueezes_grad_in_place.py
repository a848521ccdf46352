# visible: fails
# mistake: gives the gradient its dimensions in place
# why: the missing size-1 dimensions are put back by assigning to grad.data, which changes the gradient tensor the caller passed in.
# see: Chapter 4 · Shapes: broadcasting and its gradient
# hint: does unsqueeze change its tensor, or make a new one? Which one do you want here?
class MatMul(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return np.matmul(a.data, b.data)

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        a2 = a.unsqueeze(0) if a.ndim == 1 else a
        b2 = b.unsqueeze(-1) if b.ndim == 1 else b
        if b.ndim == 1:
            grad.data = grad.data[..., None]
        if a.ndim == 1:
            grad.data = grad.data[..., None, :]
        grad_a = unbroadcast(grad @ b2.mT, a2.shape).reshape(a.shape)
        grad_b = unbroadcast(a2.mT @ grad, b2.shape).reshape(b.shape)
        first, second = grad_a, grad_b
        return (first if ctx.needs_input_grad[0] else None), (second if ctx.needs_input_grad[1] else None)
