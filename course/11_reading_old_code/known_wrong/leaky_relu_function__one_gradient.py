# visible: fails
# mistake: one gradient for two arguments
# why: backward was ported literally and returns only grad_input; forward has two arguments, so two values are due.
# see: Porting: constructor arguments become `forward` arguments
# hint: what does backward return for an argument that has no gradient, like the slope?
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
