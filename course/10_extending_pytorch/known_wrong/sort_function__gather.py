# visible: fails
# mistake: gather instead of scatter
# why: gather reads the gradient at positions indices, which applies the inverse permutation; [3, 1, 2] then gives [20, 30, 10] instead of [30, 10, 20].
# see: Exercise 3 · Sort along a dimension (2 points)
# hint: values[k] came from input[indices[k]]: going back, do you read at indices[k] or write to it?
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
        return grad_values.gather(ctx.dim, indices), None
