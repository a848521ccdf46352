# visible: fails
# Returns a single gradient for a forward with three arguments.
class ClampSTE(Function):
    @staticmethod
    def forward(ctx, input, min, max):
        return input.clamp(min, max)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output
