# visible: fails
# mistake: changes grad_output in place
# why: backward scales the upstream gradient itself, so every other user of that tensor sees it scaled.
# see: Exercise 1 · Port `LeakyReLU` (3 points)
# hint: which operation gives the scaled gradient as a new tensor, leaving grad_output as it was?
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
