# visible: fails
# mistake: ones instead of the upstream gradient
# why: the derivative of the identity is 1, but the chain rule multiplies it by the upstream gradient, so [10, 20, 30] must arrive as [10, 20, 30].
# see: A gradient that is wrong on purpose
# hint: the identity's backward returns what it receives: what does it receive?
class ClampSTE(Function):
    @staticmethod
    def forward(ctx, input, min, max):
        clipped = ((input < min) | (input > max)).to(input.dtype)
        ctx.mark_non_differentiable(clipped)
        return input.clamp(min, max), clipped

    @staticmethod
    def backward(ctx, grad_output, grad_clipped):
        return torch.ones_like(grad_output), None, None
