# source: tests/known_wrong_heldout/10_extending_pytorch/sort_function__class_attribute.py
class SortFunction(Function):
    """Sort along dim; returns (values, indices), the indices without a gradient."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, dim: int = -1) -> tuple[Tensor, Tensor]:
        """(values, indices) of input sorted along dim, ascending."""
        SortFunction.sort_dim = dim
        values, indices = input.sort(dim=dim)
        ctx.save_for_backward(indices)
        ctx.mark_non_differentiable(indices)
        return values, indices

    @staticmethod
    def backward(ctx: FunctionCtx, grad_values: Tensor, grad_indices: Tensor) -> tuple[Tensor | None, ...]:
        """The gradient of input (input's shape), and None for dim."""
        (indices,) = ctx.saved_tensors
        out = torch.zeros_like(grad_values)
        return out.scatter(SortFunction.sort_dim, indices, grad_values), None
