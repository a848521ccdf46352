# visible: fails
# mistake: backward forgets the slope
# why: backward always uses 0.01, so a call with slope 0.2 gets the gradient of slope 0.01 for negative inputs.
# see: Exercise 1 · Port `LeakyReLU` (3 points)
# hint: what must forward keep on ctx so that backward knows the slope of this call?
class LeakyReLUFunction(Function):
    @staticmethod
    def forward(ctx, input, negative_slope=0.01):
        ctx.save_for_backward(input)
        return torch.where(input > 0, input, input * negative_slope)

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        return torch.where(input > 0, grad_output, grad_output * 0.01), None
