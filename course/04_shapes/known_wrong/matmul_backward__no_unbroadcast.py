# visible: passes
# Forgets that batch dimensions broadcast: the gradient of a shared matrix is not summed over the batch.
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
        return (grad @ b2.mT).reshape(a.shape), (a2.mT @ grad).reshape(b.shape)
