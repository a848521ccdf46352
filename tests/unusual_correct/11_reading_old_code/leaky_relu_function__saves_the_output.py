# unusual: saves the output instead of the input, and builds the mask from it
# visible: passes
class LeakyReLUFunction(Function):
    @staticmethod
    def forward(ctx, input, negative_slope=0.01):
        output = input.clamp(min=0) + negative_slope * input.clamp(max=0)
        ctx.save_for_backward(output)
        ctx.negative_slope = negative_slope
        return output

    @staticmethod
    def backward(ctx, grad_output):
        (output,) = ctx.saved_tensors
        scale = torch.ones_like(output).masked_fill(output <= 0, ctx.negative_slope)
        return grad_output * scale, None
