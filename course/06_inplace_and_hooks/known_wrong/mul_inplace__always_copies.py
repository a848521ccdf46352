# visible: passes
# mistake: always copies the old a
# why: the copy of the old a is needed only for b's gradient; made when b needs none, it is saved for nothing and holds a second array of a's size as long as the graph lives.
# see: What must an in-place Function save?
# hint: when b needs no gradient, what does the text ask you to save in place of the copy?
class MulInplace(Function):
    """``a *= b`` in place: d/d(old a) = b, d/db = old a (a copy kept before overwriting)."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> Tensor:
        """Multiply a by b in a's memory; mark a dirty and return it."""
        old_a = a.clone()
        ctx.save_for_backward(old_a, b)
        a.data *= b.data
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor | None, Tensor | None]:
        """Gradients of the old a and of b (None where not needed)."""
        old_a, b = ctx.saved_tensors
        grad_a = grad * b if ctx.needs_input_grad[0] else None
        grad_b = grad * old_a if ctx.needs_input_grad[1] else None
        return grad_a, grad_b
