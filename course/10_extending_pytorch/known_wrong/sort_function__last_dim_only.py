# visible: fails
# mistake: backward always scatters along the last dimension
# why: forward sorts along dim, but backward sends the gradient back along -1, which is right only when dim is the last dimension.
# see: Arguments that are not tensors
# hint: backward needs dim too: where can forward keep a value that is not a tensor?
class SortFunction(Function):
    @staticmethod
    def forward(ctx, input, dim=-1):
        values, indices = input.sort(dim=dim)
        ctx.mark_non_differentiable(indices)
        ctx.save_for_backward(indices)
        return values, indices

    @staticmethod
    def backward(ctx, grad_values, grad_indices):
        (indices,) = ctx.saved_tensors
        return torch.zeros_like(grad_values).scatter(-1, indices, grad_values), None
