# source: tests/unusual_correct/10_extending_pytorch/sort_function__gather_inverse.py
class SortFunction(Function):
    @staticmethod
    def forward(ctx, input, dim=-1):
        values, indices = torch.sort(input, dim)
        ctx.mark_non_differentiable(indices)
        ctx.save_for_backward(indices)
        ctx.dim = dim
        return values, indices

    @staticmethod
    def backward(ctx, grad_values, grad_indices):
        (indices,) = ctx.saved_tensors
        return grad_values.gather(ctx.dim, indices.argsort(dim=ctx.dim)), None
