# unusual: keeps the old a as a numpy copy on ctx, and multiplies with np.multiply(..., out=a.data)
# visible: passes
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
