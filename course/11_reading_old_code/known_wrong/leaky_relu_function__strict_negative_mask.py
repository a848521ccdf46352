# visible: fails
# mistake: slope only where x < 0
# why: at exactly x = 0 the gradient comes out 1, while torch uses the slope there (x <= 0).
# see: Exercise 1 · Port `LeakyReLU` (3 points)
# hint: which side does x = 0 belong to in torch's leaky ReLU?
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
