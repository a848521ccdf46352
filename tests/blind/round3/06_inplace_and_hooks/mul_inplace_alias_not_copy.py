# Wrong: Tensor(a.data) wraps the same array instead of copying it, so the "old a" saved for b's gradient is overwritten by the product.
class MulInplace(Function):
    @staticmethod
    def forward(ctx, a, b):
        old_a = Tensor(a.data) if ctx.needs_input_grad[1] else None
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
