# visible: fails
# mistake: "copies" a with Tensor(a.data)
# why: Tensor(a.data) wraps the same numpy array, it does not copy it; after a.data *= b.data the "old" a holds the product too, so b.grad is wrong.
# see: What must an in-place Function save?
# hint: does a new Tensor around the same array give you new memory?
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
