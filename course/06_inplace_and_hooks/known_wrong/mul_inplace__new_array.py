# visible: fails
# mistake: gives a a new array instead of writing into its memory
# why: a.data = a.data * b.data makes a new array: a tensor that shares a's old memory (a.detach()) still holds the old values, and a float32 a times a float64 b becomes float64.
# see: Exercise 2 · `MulInplace` (3 points)
# hint: which numpy statement changes an array where it is, instead of making a new one?
class MulInplace(Function):
    @staticmethod
    def forward(ctx, a, b):
        old_a = a.clone() if ctx.needs_input_grad[1] else None
        ctx.save_for_backward(old_a, b)
        a.data = a.data * b.data
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx, grad):
        old_a, b = ctx.saved_tensors
        grad_a = grad * b if ctx.needs_input_grad[0] else None
        grad_b = grad * old_a if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
