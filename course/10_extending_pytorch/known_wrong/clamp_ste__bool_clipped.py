# visible: fails
# mistake: clipped is a bool tensor
# why: the comparison gives True and False; without a conversion clipped is not a tensor of the input's dtype.
# see: Exercise 2 · A straight-through clamp (2 points)
# hint: which dtype should clipped have, and how do you convert a bool tensor to it?
class ClampSTE(Function):
    @staticmethod
    def forward(ctx, input, min, max):
        clipped = (input < min) | (input > max)
        ctx.mark_non_differentiable(clipped)
        return input.clamp(min, max), clipped

    @staticmethod
    def backward(ctx, grad_output, grad_clipped):
        return grad_output, None, None
