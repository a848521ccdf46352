# unusual: writes with a.data[...] = ..., and backward asks the saved None, not needs_input_grad, whether b's gradient can be computed
# visible: passes
class MulInplace(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a.clone() if ctx.needs_input_grad[1] else None, b)
        a.data[...] = a.data * b.data
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx, grad):
        old_a, b = ctx.saved_tensors
        return grad * b, None if old_a is None else grad * old_a
