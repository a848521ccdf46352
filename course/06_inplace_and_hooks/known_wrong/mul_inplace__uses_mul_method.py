# visible: fails
# mistake: calls a.mul_(b) inside forward
# why: a.mul_ is itself an in-place operation with its own version bump, and mark_dirty adds another: a ends at version 2 after one product.
# see: Exercise 2 · `MulInplace` (3 points)
# hint: how many in-place changes should one call of MulInplace count?
class MulInplace(Function):
    @staticmethod
    def forward(ctx, a, b):
        old_a = a.clone() if ctx.needs_input_grad[1] else None
        ctx.save_for_backward(old_a, b)
        a.mul_(b)
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx, grad):
        old_a, b = ctx.saved_tensors
        grad_a = grad * b if ctx.needs_input_grad[0] else None
        grad_b = grad * old_a if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
