# copy of n1: rename, recomment
class MulInplace(Function):
    """``a *= b`` in place: d/d(old a) = b, d/db = old a (a copy kept before overwriting)."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> Tensor:
        """Multiply a by b in a's memory; mark a dirty and return it."""
        prev = Tensor(a.data.copy())  # copy first!
        ctx.save_for_backward(prev, b)
        a.data *= b.data
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor | None, Tensor | None]:
        """Gradients of the old a and of b (None where not needed)."""
        prev, b = ctx.saved_tensors
        ga = None
        gb = None
        if ctx.needs_input_grad[0]:
            ga = grad * b
        if ctx.needs_input_grad[1]:
            gb = grad * prev
        return ga, gb
