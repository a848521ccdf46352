# visible: fails
# mistake: clamps the input in place
# why: clamp_ writes into the caller's tensor, so after the call the input itself is clamped.
# see: Exercise 2 · A straight-through clamp (2 points)
# hint: which clamp returns a new tensor, and which one overwrites its argument?
class ClampSTE(Function):
    @staticmethod
    def forward(ctx, input, min, max):
        clipped = ((input < min) | (input > max)).to(input.dtype)
        ctx.mark_non_differentiable(clipped)
        return input.clamp_(min, max), clipped

    @staticmethod
    def backward(ctx, grad_output, grad_clipped):
        return grad_output, None, None
