# Wrong: the added vector dimension is removed with squeeze(), which also drops a genuine size-1 axis (a of shape (1,) gives a 0-d gradient).
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
        grad_a = grad_b = None
        if ctx.needs_input_grad[0]:
            grad_a = unbroadcast(g @ b2.mT, a2.shape)
            if a.ndim == 1:
                grad_a = grad_a.squeeze()
        if ctx.needs_input_grad[1]:
            grad_b = unbroadcast(a2.mT @ g, b2.shape)
            if b.ndim == 1:
                grad_b = grad_b.squeeze()
        return grad_a, grad_b
