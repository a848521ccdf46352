# source: assignments/06_inplace_and_hooks/06_inplace_and_hooks.ipynb, cell mul_inplace
class MulInplace(Function):
    """``a *= b`` in place: d/d(old a) = b, d/db = old a (a copy kept before overwriting)."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> Tensor:
        """Multiply a by b in a's memory; mark a dirty and return it."""
        # YOUR CODE HERE
        raise NotImplementedError()

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor | None, Tensor | None]:
        """Gradients of the old a and of b (None where not needed)."""
        # YOUR CODE HERE
        raise NotImplementedError()
