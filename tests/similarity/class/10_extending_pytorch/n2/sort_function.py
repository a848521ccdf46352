# source: written for this set
class SortFunction(Function):
    @staticmethod
    def forward(ctx, input, dim=-1):
        v, i = input.sort(dim)
        ctx.mark_non_differentiable(i)
        ctx.save_for_backward(i)
        ctx.dim = dim
        return v, i

    @staticmethod
    def backward(ctx, grad_values, grad_indices):
        (i,) = ctx.saved_tensors
        g = grad_values.new_zeros(grad_values.shape)
        g.scatter_(ctx.dim, i, grad_values)
        return g, None
