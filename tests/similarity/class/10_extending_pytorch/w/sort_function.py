# copy of n1: rename, recomment, reorder
class SortFunction(Function):
    """Sort along dim; returns (values, indices), the indices without a gradient."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, dim: int = -1) -> tuple[Tensor, Tensor]:
        """(values, indices) of input sorted along dim, ascending."""
        res = torch.sort(input, dim=dim)
        v = res.values
        ix = res.indices
        ctx.sort_dim = dim
        ctx.save_for_backward(ix)
        ctx.mark_non_differentiable(ix)
        return v, ix

    @staticmethod
    def backward(ctx: FunctionCtx, grad_values: Tensor, grad_indices: Tensor) -> tuple[Tensor | None, ...]:
        """The gradient of input (input's shape), and None for dim."""
        (ix,) = ctx.saved_tensors
        g = torch.zeros_like(grad_values)
        g = g.scatter_add(ctx.sort_dim, ix, grad_values)  # back to where each value was
        return g, None
