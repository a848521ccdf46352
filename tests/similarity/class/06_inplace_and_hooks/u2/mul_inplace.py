# source: tests/unusual_correct/06_inplace_and_hooks/mul_inplace__slice_assignment.py
class MulInplace(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a.clone(), b)
        a.data[...] = a.data * b.data
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx, grad):
        old_a, b = ctx.saved_tensors
        return grad * b, grad * old_a
