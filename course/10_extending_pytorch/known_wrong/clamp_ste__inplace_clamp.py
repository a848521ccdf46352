# visible: passes
# Clamps the input in place (clamp_): the output is right, but the caller's tensor is changed.
class ClampSTE(Function):
    @staticmethod
    def forward(ctx, input, min, max):
        return input.clamp_(min, max).clone()

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output, None, None
