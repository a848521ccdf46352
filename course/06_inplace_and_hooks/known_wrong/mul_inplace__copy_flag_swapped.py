# visible: fails
# mistake: keeps the old a when a needs a gradient, instead of when b does
# why: the old a is needed for b's gradient; with a plain tensor a and b requiring grad, nothing is kept and backward computes grad * None.
# see: What must an in-place Function save?
# hint: which of the two gradients uses the old a?
class MulInplace(Function):
    @staticmethod
    def forward(ctx, a, b):
        old_a = a.clone() if ctx.needs_input_grad[0] else None
        ctx.save_for_backward(old_a, b)
        a.data *= b.data
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx, grad):
        old_a, b = ctx.saved_tensors
        grad_a = grad * b if ctx.needs_input_grad[0] else None
        grad_b = grad * old_a if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
