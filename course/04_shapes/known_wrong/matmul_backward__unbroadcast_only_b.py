# visible: fails
# mistake: only the gradient of b summed over the batch
# why: a batch times a shared matrix is handled, but a shared matrix times a batch is not: grad_a keeps one gradient per batch element.
# see: Vectors and batches
# hint: in (4, 3) @ (2, 3, 5), which input is shared by the whole batch?
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
        grad_a = (grad @ b2.mT).reshape(a.shape) if a.ndim == 1 else grad @ b2.mT
        grad_b = unbroadcast(a2.mT @ grad, b2.shape).reshape(b.shape)
        first, second = grad_a, grad_b
        return (first if ctx.needs_input_grad[0] else None), (second if ctx.needs_input_grad[1] else None)
