# visible: passes
# mistake: keeps b and the old a as plain ctx attributes
# why: without save_for_backward no version is recorded for b, so b changed in place after a.mul_(b) is not caught: backward multiplies by the new b, a wrong gradient where PyTorch raises.
# see: What must an in-place Function save?
# hint: which way of keeping tensors for backward makes apply record their versions?
class MulInplace(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.old_a = a.clone() if ctx.needs_input_grad[1] else None
        ctx.b = b
        a.data *= b.data
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx, grad):
        grad_a = grad * ctx.b if ctx.needs_input_grad[0] else None
        grad_b = grad * ctx.old_a if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
