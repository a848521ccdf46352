# visible: fails
# mistake: copies a after overwriting it
# why: the clone is taken once a already holds a * b, so the "old" a it keeps is the product, and b.grad comes out as the upstream gradient times a * b.
# see: What must an in-place Function save?
# hint: at which moment does the old value of a still exist?
class MulInplace(Function):
    @staticmethod
    def forward(ctx, a, b):
        a.data *= b.data
        old_a = a.clone() if ctx.needs_input_grad[1] else None
        ctx.save_for_backward(old_a, b)
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx, grad):
        old_a, b = ctx.saved_tensors
        grad_a = grad * b if ctx.needs_input_grad[0] else None
        grad_b = grad * old_a if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
