# visible: passes
# Ports backward literally and returns one gradient: torch wants one per forward argument, the slope too.
class LeakyReLUFunction(Function):
    @staticmethod
    def forward(ctx, input, negative_slope=0.01):
        ctx.negative_slope = negative_slope
        ctx.save_for_backward(input)
        return torch.where(input > 0, input, input * negative_slope)

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        return torch.where(input > 0, grad_output, grad_output * ctx.negative_slope)
