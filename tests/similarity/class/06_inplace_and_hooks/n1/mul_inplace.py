# source: written for this set
class MulInplace(Function):
    """``a *= b`` in place: d/d(old a) = b, d/db = old a (a copy kept before overwriting)."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> Tensor:
        """Multiply a by b in a's memory; mark a dirty and return it."""
        # keep the old values of a before they are overwritten
        a_before = Tensor(a.data.copy())
        ctx.save_for_backward(a_before, b)
        a.data *= b.data
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor | None, Tensor | None]:
        """Gradients of the old a and of b (None where not needed)."""
        a_before, b = ctx.saved_tensors
        grad_of_a = None
        grad_of_b = None
        if ctx.needs_input_grad[0]:
            grad_of_a = grad * b
        if ctx.needs_input_grad[1]:
            grad_of_b = grad * a_before
        return grad_of_a, grad_of_b
