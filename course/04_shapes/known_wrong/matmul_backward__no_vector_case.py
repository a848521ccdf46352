# visible: passes
# Treats every operand as a matrix: a 1-D a or b is never unsqueezed.
class MatMul(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return np.matmul(a.data, b.data)

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        grad_a = unbroadcast(grad @ b.mT, a.shape)
        grad_b = unbroadcast(a.mT @ grad, b.shape)
        return grad_a, grad_b
