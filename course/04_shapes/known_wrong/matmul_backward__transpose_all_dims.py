# visible: fails
# mistake: .T for a batch
# why: .T reverses every axis, so for a batch of matrices it moves the batch axis too; only the last two axes should be swapped.
# see: Vectors and batches
# hint: which attribute swaps only the last two axes?
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
        grad_a = unbroadcast(grad @ b2.T, a2.shape).reshape(a.shape)
        grad_b = unbroadcast(a2.T @ grad, b2.shape).reshape(b.shape)
        first, second = grad_a, grad_b
        return (first if ctx.needs_input_grad[0] else None), (second if ctx.needs_input_grad[1] else None)
