# visible: fails
# Scales grad_output in place instead of a copy: the upstream gradient is changed for everyone else.
class LeakyReLUFunction(Function):
    @staticmethod
    def forward(ctx, input, negative_slope=0.01):
        ctx.negative_slope = negative_slope
        ctx.save_for_backward(input)
        return torch.where(input > 0, input, input * negative_slope)

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        grad_output[input <= 0] *= ctx.negative_slope
        return grad_output, None
