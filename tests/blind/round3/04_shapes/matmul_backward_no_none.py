# Wrong: both gradients are always computed and returned, ignoring ctx.needs_input_grad (no None for an input that needs no gradient).
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
        g = grad
        if b.ndim == 1:
            g = g.unsqueeze(-1)
        if a.ndim == 1:
            g = g.unsqueeze(-2)
        grad_a = unbroadcast(g @ b2.mT, a2.shape).reshape(a.shape)
        grad_b = unbroadcast(a2.mT @ g, b2.shape).reshape(b.shape)
        return grad_a, grad_b
