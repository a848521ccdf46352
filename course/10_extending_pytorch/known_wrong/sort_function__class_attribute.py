# visible: fails
# mistake: dim kept on the class
# why: SortFunction.dim is shared by every call, so when a second call with another dim comes before the first backward, the first backward uses the wrong dim.
# see: Arguments that are not tensors
# hint: which object belongs to one call only?
class SortFunction(Function):
    @staticmethod
    def forward(ctx, input, dim=-1):
        values, indices = input.sort(dim=dim)
        ctx.mark_non_differentiable(indices)
        ctx.save_for_backward(indices)
        SortFunction.dim = dim
        return values, indices

    @staticmethod
    def backward(ctx, grad_values, grad_indices):
        (indices,) = ctx.saved_tensors
        return torch.zeros_like(grad_values).scatter(SortFunction.dim, indices, grad_values), None
