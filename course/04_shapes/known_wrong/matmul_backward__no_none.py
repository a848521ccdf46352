# visible: passes
# mistake: both gradients always computed
# why: ctx.needs_input_grad is never read, so an input that does not require grad still gets a gradient (and its product is computed for nothing) instead of None.
# see: Exercise 4 · the backward of `MatMul` (3 points)
# hint: what does ctx.needs_input_grad say about each input, and what does backward return for one that needs nothing?
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
