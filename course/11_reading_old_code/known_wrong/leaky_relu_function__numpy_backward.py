# visible: passes
# Computes the gradient in numpy: right first derivative, but not differentiable (gradgradcheck).
class LeakyReLUFunction(Function):
    @staticmethod
    def forward(ctx, input, negative_slope=0.01):
        ctx.negative_slope = negative_slope
        ctx.save_for_backward(input)
        return torch.where(input > 0, input, input * negative_slope)

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        g = grad_output.detach().numpy()
        return torch.from_numpy(np.where(input.numpy() > 0, g, g * ctx.negative_slope)), None
