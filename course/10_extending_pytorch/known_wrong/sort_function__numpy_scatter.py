# visible: fails
# mistake: the gradient is scattered with numpy
# why: the first gradient is right, but numpy is not recorded, so under create_graph=True the gradient has no history and cannot be differentiated again.
# see: What a second derivative needs
# hint: which torch operation writes values to given positions along a dimension?
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
        grad = np.zeros(tuple(grad_values.shape))
        np.put_along_axis(grad, indices.numpy(), grad_values.detach().numpy(), axis=ctx.dim)
        return torch.from_numpy(grad), None
