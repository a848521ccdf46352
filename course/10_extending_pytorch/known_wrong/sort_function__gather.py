# visible: fails
# Gathers instead of scattering: applies the permutation instead of its inverse (right only when the two agree).
class SortFunction(Function):
    @staticmethod
    def forward(ctx, input):
        values, indices = input.sort(dim=-1)
        ctx.mark_non_differentiable(indices)
        ctx.save_for_backward(indices)
        return values, indices

    @staticmethod
    def backward(ctx, grad_values, grad_indices):
        (indices,) = ctx.saved_tensors
        return grad_values.gather(-1, indices)
