# visible: fails
# mistake: changes the input in place
# why: the negative entries of the caller's tensor are scaled, so the input holds the output after the call.
# see: Exercise 1 · Port `LeakyReLU` (3 points)
# hint: does your forward write into input? Build a new tensor instead.
class LeakyReLUFunction(Function):
    @staticmethod
    def forward(ctx, input, negative_slope=0.01):
        ctx.negative_slope = negative_slope
        ctx.save_for_backward(input)
        input[input <= 0] *= negative_slope
        return input

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        return torch.where(input > 0, grad_output, grad_output * ctx.negative_slope), None
