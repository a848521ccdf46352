# source: tests/known_wrong_heldout/06_inplace_and_hooks/mul_inplace__copies_after_change.py
class MulInplace(Function):
    """``a *= b`` in place: d/d(old a) = b, d/db = old a (a copy kept before overwriting)."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> Tensor:
        """Multiply a by b in a's memory; mark a dirty and return it."""
        a.data *= b.data
        ctx.save_for_backward(a.clone() if ctx.needs_input_grad[1] else None, b)
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor | None, Tensor | None]:
        """Gradients of the old a and of b (None where not needed)."""
        copy_of_a, b = ctx.saved_tensors
        wants_a, wants_b = ctx.needs_input_grad
        return (grad * b) if wants_a else None, (grad * copy_of_a) if wants_b else None
