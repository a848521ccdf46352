# visible: fails
# mistake: computes the old a's gradient with numpy (Tensor(grad.data * b.data))
# why: the numbers are right, but the result has no graph: under create_graph=True the old a's gradient does not require grad, and its derivative with respect to b, which should be the upstream gradient, cannot be taken.
# see: Exercise 2 · `MulInplace` (3 points)
# hint: which of your two gradients is built from .data, outside the Tensor operations that the engine records?
class MulInplace(Function):
    """``a *= b`` in place: d/d(old a) = b, d/db = old a (a copy kept before overwriting)."""

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
        grad_a = Tensor(grad.data * b.data) if ctx.needs_input_grad[0] else None
        grad_b = grad * old_a if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
