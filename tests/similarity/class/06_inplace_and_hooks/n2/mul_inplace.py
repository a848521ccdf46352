# copy of u2: rename, recomment, in-place multiply instead of slice assignment
class MulInplace(Function):
    """``a *= b`` in place: d/d(old a) = b, d/db = old a (a copy kept before overwriting)."""

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a.clone(), b)  # the old a, before it changes
        a.data *= b.data
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx, grad):
        prev, other = ctx.saved_tensors
        return grad * other, grad * prev
