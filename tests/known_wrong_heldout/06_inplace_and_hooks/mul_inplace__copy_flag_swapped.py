# heldout: keeps the old a when a needs a gradient, instead of when b does
class MulInplace(Function):
    """``a *= b`` in place: d/d(old a) = b, d/db = old a (a copy kept before overwriting)."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> Tensor:
        """Multiply a by b in a's memory; mark a dirty and return it."""
        if ctx.needs_input_grad[0]:
            previous = a.clone()
        else:
            previous = None
        ctx.save_for_backward(previous, b)
        a.data *= b.data
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor | None, Tensor | None]:
        """Gradients of the old a and of b (None where not needed)."""
        previous, b = ctx.saved_tensors
        result_a = grad * b if ctx.needs_input_grad[0] else None
        result_b = grad * previous if ctx.needs_input_grad[1] else None
        return result_a, result_b
