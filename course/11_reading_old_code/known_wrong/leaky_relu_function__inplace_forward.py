# visible: fails
# Scales the negative entries of the input in place and returns it: the caller's tensor changes.
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
