# visible: fails
# Returns the true gradient of the clamp (zero outside the range): not straight through.
class ClampSTE(Function):
    @staticmethod
    def forward(ctx, input, min, max):
        ctx.save_for_backward(input)
        ctx.min, ctx.max = min, max
        return input.clamp(min, max)

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        inside = ((input >= ctx.min) & (input <= ctx.max)).to(grad_output.dtype)
        return grad_output * inside, None, None
