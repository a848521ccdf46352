# Wrong: b and the old a are kept as plain ctx attributes, not with save_for_backward, so a later in-place change of b is not caught and freeing does nothing.
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
