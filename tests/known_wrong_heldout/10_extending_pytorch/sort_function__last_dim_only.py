# heldout: backward always scatters along the last dimension
class SortFunction(Function):
    """Sort along dim; returns (values, indices), the indices without a gradient."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, dim: int = -1) -> tuple[Tensor, Tensor]:
        """(values, indices) of input sorted along dim, ascending."""
        values, indices = torch.sort(input, dim)
        ctx.mark_non_differentiable(indices)
        ctx.save_for_backward(indices)
        return values, indices

    @staticmethod
    def backward(ctx: FunctionCtx, grad_values: Tensor, grad_indices: Tensor) -> tuple[Tensor | None, ...]:
        """The gradient of input (input's shape), and None for dim."""
        (indices,) = ctx.saved_tensors
        grad_input = grad_values.new_zeros(grad_values.shape)
        grad_input = grad_input.scatter(-1, indices, grad_values)
        return grad_input, None
