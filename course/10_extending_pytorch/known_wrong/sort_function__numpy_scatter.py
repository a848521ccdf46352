# visible: passes
# Scatters with numpy: right first derivative, but the gradient cannot be differentiated (gradgradcheck).
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
        grad = np.zeros(tuple(grad_values.shape))
        np.put_along_axis(grad, indices.numpy(), grad_values.detach().numpy(), axis=-1)
        return torch.from_numpy(grad)
