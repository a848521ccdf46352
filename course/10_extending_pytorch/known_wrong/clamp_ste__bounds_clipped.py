# visible: fails
# mistake: values on the bounds count as clipped
# why: with <= and >=, a value exactly equal to min or max is counted as cut, although the clamp leaves it unchanged.
# see: Exercise 2 · A straight-through clamp (2 points)
# hint: the clamp changes x only when it lies outside [min, max]; is a value equal to max outside?
class ClampSTE(Function):
    @staticmethod
    def forward(ctx, input, min, max):
        clipped = ((input <= min) | (input >= max)).to(input.dtype)
        ctx.mark_non_differentiable(clipped)
        return input.clamp(min, max), clipped

    @staticmethod
    def backward(ctx, grad_output, grad_clipped):
        return grad_output, None, None
