# visible: fails
# mistake: the true gradient of the clamp
# why: zeroing the gradient outside [min, max] is what torch's own clamp does; the straight-through estimator passes it on unchanged there too.
# see: A gradient that is wrong on purpose
# hint: what does the straight-through estimator pretend the operation was, on the way back?
class ClampSTE(Function):
    @staticmethod
    def forward(ctx, input, min, max):
        clipped = ((input < min) | (input > max)).to(input.dtype)
        ctx.mark_non_differentiable(clipped)
        ctx.save_for_backward(clipped)
        return input.clamp(min, max), clipped

    @staticmethod
    def backward(ctx, grad_output, grad_clipped):
        (clipped,) = ctx.saved_tensors
        return grad_output * (1 - clipped), None, None
