# visible: fails
# mistake: the default slope of the old constructor is lost
# why: the port gives negative_slope a default of 0.1, so a call without a slope scales negative inputs by 0.1, not 0.01.
# see: Porting: constructor arguments become `forward` arguments
# hint: what was the default of the old constructor's argument?
class LeakyReLUFunction(Function):
    @staticmethod
    def forward(ctx, input, negative_slope=0.1):
        ctx.negative_slope = negative_slope
        ctx.save_for_backward(input)
        return torch.where(input > 0, input, input * negative_slope)

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        return torch.where(input > 0, grad_output, grad_output * ctx.negative_slope), None
