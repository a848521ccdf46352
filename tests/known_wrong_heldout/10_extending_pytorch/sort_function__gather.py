# heldout: gather instead of scatter
class SortFunction(Function):
    """Sort along dim; returns (values, indices), the indices without a gradient."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, dim: int = -1) -> tuple[Tensor, Tensor]:
        """(values, indices) of input sorted along dim, ascending."""
        result = torch.sort(input, dim=dim)
        ctx.dim = dim
        ctx.save_for_backward(result.indices)
        ctx.mark_non_differentiable(result.indices)
        return result.values, result.indices

    @staticmethod
    def backward(ctx: FunctionCtx, grad_values: Tensor, grad_indices: Tensor) -> tuple[Tensor | None, ...]:
        """The gradient of input (input's shape), and None for dim."""
        (order,) = ctx.saved_tensors
        # send every gradient back to the position its value came from
        return torch.gather(grad_values, ctx.dim, order), None
