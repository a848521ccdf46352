# visible: passes
# Sorts the flattened input: right for a vector, wrong for a matrix (sort along the last dimension).
class SortFunction(Function):
    @staticmethod
    def forward(ctx, input):
        values, indices = input.reshape(-1).sort()
        ctx.mark_non_differentiable(indices)
        ctx.save_for_backward(indices)
        ctx.shape = input.shape
        return values, indices

    @staticmethod
    def backward(ctx, grad_values, grad_indices):
        (indices,) = ctx.saved_tensors
        return torch.zeros_like(grad_values).scatter(-1, indices, grad_values).reshape(ctx.shape)
