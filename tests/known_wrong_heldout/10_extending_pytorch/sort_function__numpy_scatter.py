# heldout: the gradient is scattered with numpy
class SortFunction(Function):
    """Sort along dim; returns (values, indices), the indices without a gradient."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, dim: int = -1) -> tuple[Tensor, Tensor]:
        """(values, indices) of input sorted along dim, ascending."""
        values, indices = input.sort(dim=dim)
        ctx.mark_non_differentiable(indices)
        ctx.save_for_backward(indices)
        ctx.dim = dim
        return values, indices

    @staticmethod
    def backward(ctx: FunctionCtx, grad_values: Tensor, grad_indices: Tensor) -> tuple[Tensor | None, ...]:
        """The gradient of input (input's shape), and None for dim."""
        (indices,) = ctx.saved_tensors
        g = grad_values.detach().numpy()
        where = indices.numpy()
        back = np.zeros_like(g)
        np.put_along_axis(back, where, g, axis=ctx.dim)
        return torch.from_numpy(back), None
