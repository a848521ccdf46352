# visible: fails
# mistake: the two gradients swapped
# why: the gradient of the old a is the upstream gradient times b, and that of b is the upstream gradient times the old a; swapped, x.grad is (1, 2, 6) instead of (4, 5, 12).
# see: What must an in-place Function save?
# hint: in a * b, what multiplies the gradient of each factor?
class MulInplace(Function):
    @staticmethod
    def forward(ctx, a, b):
        old_a = a.clone()
        ctx.save_for_backward(old_a, b)
        a.data *= b.data
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx, grad):
        old_a, b = ctx.saved_tensors
        grad_a = grad * old_a if ctx.needs_input_grad[0] else None
        grad_b = grad * b if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
