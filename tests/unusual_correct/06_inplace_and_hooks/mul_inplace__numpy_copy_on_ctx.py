# unusual: keeps the old a as a numpy copy on ctx (only when b needs a gradient), and multiplies with np.multiply(..., out=a.data)
# visible: passes
class MulInplace(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.old_a = a.data.copy() if ctx.needs_input_grad[1] else None
        ctx.save_for_backward(b)
        np.multiply(a.data, b.data, out=a.data)
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx, grad):
        (b,) = ctx.saved_tensors
        return grad * b, None if ctx.old_a is None else grad * Tensor(ctx.old_a)
