# visible: fails
# mistake: only a 1-D a handled
# why: a 1-D a is made a row and the gradient gets its dimension back, but a 1-D b is not made a column, so matrix @ vector breaks.
# see: Vectors and batches
# hint: which matrix does matmul make of a 1-D b, and which dimension does it remove from the output?
class MatMul(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return np.matmul(a.data, b.data)

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        a2 = a.unsqueeze(0) if a.ndim == 1 else a
        if a.ndim == 1:
            grad = grad.unsqueeze(-2)
        grad_a = unbroadcast(grad @ b.mT, a2.shape).reshape(a.shape)
        grad_b = unbroadcast(a2.mT @ grad, b.shape)
        first, second = grad_a, grad_b
        return (first if ctx.needs_input_grad[0] else None), (second if ctx.needs_input_grad[1] else None)
