# visible: fails
# mistake: saves a itself instead of a copy of the old a
# why: a is marked dirty and returned, so its version is recorded after the change: no error, but backward reads a * b where it needs the old a, so b.grad is (4, 20, 36) instead of (1, 2, 6).
# see: What must an in-place Function save?
# hint: when backward runs, which value does the tensor a hold, the old one or the product?
class MulInplace(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        a.data *= b.data
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        grad_a = grad * b if ctx.needs_input_grad[0] else None
        grad_b = grad * a if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
