# visible: fails
# mistake: batch dimensions not summed
# why: a matrix shared by a whole batch gets one gradient per batch element, and they are never summed back to its shape.
# see: Vectors and batches
# hint: in (5, 2, 3) @ (3, 4), how many times is b used?
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
        first, second = (grad @ b2.mT).reshape(a.shape), (a2.mT @ grad).reshape(b.shape)
        return (first if ctx.needs_input_grad[0] else None), (second if ctx.needs_input_grad[1] else None)
