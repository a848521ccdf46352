# visible: passes
# Clamps the gradient to [min, max] instead of passing it through.
class ClampSTE(Function):
    @staticmethod
    def forward(ctx, input, min, max):
        ctx.min, ctx.max = min, max
        return input.clamp(min, max)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output.clamp(ctx.min, ctx.max), None, None
