# heldout: saves a itself instead of a copy of the old a
class MulInplace(Function):
    """``a *= b`` in place: d/d(old a) = b, d/db = old a (a copy kept before overwriting)."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> Tensor:
        """Multiply a by b in a's memory; mark a dirty and return it."""
        ctx.save_for_backward(a if ctx.needs_input_grad[1] else None, b)
        np.multiply(a.data, b.data, out=a.data)
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor | None, Tensor | None]:
        """Gradients of the old a and of b (None where not needed)."""
        before, factor = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        return (factor * grad if need_a else None,
                before * grad if need_b else None)
