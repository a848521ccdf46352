# visible: fails
# mistake: the wrong factor transposed
# why: for the gradient of b, G is transposed instead of A, which gives the transpose of the right answer, and a reshape cannot fix it.
# see: The matrix product
# hint: which product of A and G has the shape of B?
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
        grad_b = unbroadcast(grad.mT @ a2, b2.mT.shape).reshape(b.shape)
        first, second = grad_a, grad_b
        return (first if ctx.needs_input_grad[0] else None), (second if ctx.needs_input_grad[1] else None)
