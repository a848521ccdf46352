# visible: fails
# mistake: vectors treated as matrices
# why: a 1-D operand is never given back the dimension that matmul removed, so the transposes and products get the wrong shapes.
# see: Vectors and batches
# hint: which matrix does matmul make of a vector of shape (k,), and what does it remove from the output?
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
        first, second = grad_a, grad_b
        return (first if ctx.needs_input_grad[0] else None), (second if ctx.needs_input_grad[1] else None)
