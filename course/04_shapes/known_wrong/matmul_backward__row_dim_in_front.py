# visible: fails
# mistake: the row dimension put back in front
# why: for a 1-D a the gradient gets its size-1 row dimension at the front (unsqueeze(0)); with a batch of matrices as b it belongs just before the last axis.
# see: Vectors and batches
# hint: in a (k,) @ (B, k, m) product, where in the output's shape was the row dimension removed?
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
            grad = grad.unsqueeze(0)
        grad_a = unbroadcast(grad @ b2.mT, a2.shape).reshape(a.shape)
        grad_b = unbroadcast(a2.mT @ grad, b2.shape).reshape(b.shape)
        first, second = grad_a, grad_b
        return (first if ctx.needs_input_grad[0] else None), (second if ctx.needs_input_grad[1] else None)
