# visible: fails
# mistake: dim passed to save_for_backward
# why: save_for_backward takes tensors only, and raises TypeError for an int.
# see: Arguments that are not tensors
# hint: where does a Python value that backward needs go?
class SortFunction(Function):
    @staticmethod
    def forward(ctx, input, dim=-1):
        values, indices = input.sort(dim=dim)
        ctx.mark_non_differentiable(indices)
        ctx.save_for_backward(indices, dim)
        return values, indices

    @staticmethod
    def backward(ctx, grad_values, grad_indices):
        indices, dim = ctx.saved_tensors
        return torch.zeros_like(grad_values).scatter(dim, indices, grad_values), None
