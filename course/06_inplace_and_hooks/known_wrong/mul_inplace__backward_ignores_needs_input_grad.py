# visible: fails
# mistake: backward computes both gradients every time
# why: forward keeps the old a only when b needs a gradient; with a constant b, old_a is None, and grad * None fails.
# see: Exercise 2 · `MulInplace` (3 points)
# hint: when forward saved None in place of the old a, what must backward return for b?
class MulInplace(Function):
    @staticmethod
    def forward(ctx, a, b):
        old_a = a.clone() if ctx.needs_input_grad[1] else None
        ctx.save_for_backward(old_a, b)
        a.data *= b.data
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx, grad):
        old_a, b = ctx.saved_tensors
        return grad * b, grad * old_a
