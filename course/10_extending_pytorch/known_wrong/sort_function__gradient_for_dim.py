# visible: fails
# mistake: a gradient for dim
# why: dim is an int, not a tensor, and torch refuses a gradient for an argument that is not a tensor.
# see: Arguments that are not tensors
# hint: what is the gradient of an argument that is not a tensor?
class SortFunction(Function):
    @staticmethod
    def forward(ctx, input, dim=-1):
        values, indices = input.sort(dim=dim)
        ctx.mark_non_differentiable(indices)
        ctx.save_for_backward(indices)
        ctx.dim = dim
        return values, indices

    @staticmethod
    def backward(ctx, grad_values, grad_indices):
        (indices,) = ctx.saved_tensors
        return torch.zeros_like(grad_values).scatter(ctx.dim, indices, grad_values), torch.zeros(())
