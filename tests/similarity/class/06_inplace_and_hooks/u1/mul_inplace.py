# source: tests/unusual_correct/06_inplace_and_hooks/mul_inplace__numpy_copy_on_ctx.py
class MulInplace(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.old_a = a.data.copy()
        ctx.save_for_backward(b)
        np.multiply(a.data, b.data, out=a.data)
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx, grad):
        (b,) = ctx.saved_tensors
        return grad * b, grad * Tensor(ctx.old_a)
