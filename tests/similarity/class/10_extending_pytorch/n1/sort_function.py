# source: written for this set
class SortFunction(Function):
    """Sort along dim; returns (values, indices), the indices without a gradient."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, dim: int = -1) -> tuple[Tensor, Tensor]:
        """(values, indices) of input sorted along dim, ascending."""
        sorted_result = torch.sort(input, dim=dim)
        sorted_values = sorted_result.values
        sorted_indices = sorted_result.indices
        ctx.save_for_backward(sorted_indices)
        ctx.sort_dim = dim
        ctx.mark_non_differentiable(sorted_indices)
        return sorted_values, sorted_indices

    @staticmethod
    def backward(ctx: FunctionCtx, grad_values: Tensor, grad_indices: Tensor) -> tuple[Tensor | None, ...]:
        """The gradient of input (input's shape), and None for dim."""
        (sorted_indices,) = ctx.saved_tensors
        # send every gradient back to the place its value came from
        grad_input = torch.zeros_like(grad_values)
        grad_input = grad_input.scatter_add(ctx.sort_dim, sorted_indices, grad_values)
        return grad_input, None
