# heldout: gives a a new array instead of writing into its memory
class MulInplace(Function):
    """``a *= b`` in place: d/d(old a) = b, d/db = old a (a copy kept before overwriting)."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> Tensor:
        """Multiply a by b in a's memory; mark a dirty and return it."""
        keep = None
        if ctx.needs_input_grad[1]:
            keep = a.clone()
        ctx.save_for_backward(keep, b)
        a.data = a.data * b.data
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor | None, Tensor | None]:
        """Gradients of the old a and of b (None where not needed)."""
        old, b = ctx.saved_tensors
        ga = gb = None
        if ctx.needs_input_grad[0]:
            ga = grad * b
        if ctx.needs_input_grad[1]:
            gb = grad * old
        return ga, gb
