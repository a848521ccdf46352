# visible: fails
# mistake: clipped is not marked
# why: an unmarked output of a Function requires grad, so clipped claims a gradient it does not have, and a gradient asked through it returns zeros instead of raising.
# see: Outputs without a gradient
# hint: which ctx method says that an output has no gradient?
class ClampSTE(Function):
    @staticmethod
    def forward(ctx, input, min, max):
        clipped = ((input < min) | (input > max)).to(input.dtype)
        return input.clamp(min, max), clipped

    @staticmethod
    def backward(ctx, grad_output, grad_clipped):
        return grad_output, None, None
