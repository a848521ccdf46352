# visible: fails
# mistake: gradients in the wrong order
# why: grad_b is returned first and grad_a second.
# see: Exercise 4 · the backward of `MatMul` (3 points)
# hint: in which order did forward receive its inputs?
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
            grad = grad.unsqueeze(-1)
        if a.ndim == 1:
            grad = grad.unsqueeze(-2)
        grad_a = unbroadcast(grad @ b2.mT, a2.shape).reshape(a.shape)
        grad_b = unbroadcast(a2.mT @ grad, b2.shape).reshape(b.shape)
        first, second = grad_b, grad_a
        return (first if ctx.needs_input_grad[0] else None), (second if ctx.needs_input_grad[1] else None)
