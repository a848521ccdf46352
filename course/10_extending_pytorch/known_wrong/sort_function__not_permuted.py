# visible: fails
# Returns the values' gradient as it is, without putting it back in the input's order.
class SortFunction(Function):
    @staticmethod
    def forward(ctx, input):
        values, indices = input.sort(dim=-1)
        ctx.mark_non_differentiable(indices)
        ctx.save_for_backward(indices)
        return values, indices

    @staticmethod
    def backward(ctx, grad_values, grad_indices):
        return grad_values
