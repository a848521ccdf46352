# visible: fails
# mistake: forgets ctx.mark_dirty(a)
# why: apply takes the returned a for an unchanged input: it hands back a new tensor, a stays at version 0 and keeps its old grad_fn, so nothing records the change.
# see: An in-place Function: `ctx.mark_dirty`
# hint: how does apply learn that forward changed one of its inputs?
class MulInplace(Function):
    @staticmethod
    def forward(ctx, a, b):
        old_a = a.clone() if ctx.needs_input_grad[1] else None
        ctx.save_for_backward(old_a, b)
        a.data *= b.data
        return a

    @staticmethod
    def backward(ctx, grad):
        old_a, b = ctx.saved_tensors
        grad_a = grad * b if ctx.needs_input_grad[0] else None
        grad_b = grad * old_a if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
