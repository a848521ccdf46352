# visible: fails
# mistake: the slope kept on the class
# why: every call overwrites one class attribute, so when two outputs meet in one backward, both use the last slope.
# see: Why static methods?
# hint: where does per-call state live in the modern form: on the class, or on ctx?
class LeakyReLUFunction(Function):
    @staticmethod
    def forward(ctx, input, negative_slope=0.01):
        LeakyReLUFunction.negative_slope = negative_slope
        ctx.save_for_backward(input)
        return torch.where(input > 0, input, input * negative_slope)

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        return torch.where(input > 0, grad_output, grad_output * LeakyReLUFunction.negative_slope), None
