# unusual: finds the clipped values by comparing output and input; clamps with minimum and maximum; returns a copy of the gradient
# visible: passes
class ClampSTE(Function):
    @staticmethod
    def forward(ctx, input, min, max):
        output = torch.minimum(torch.maximum(input, torch.tensor(min, dtype=input.dtype)),
                               torch.tensor(max, dtype=input.dtype))
        clipped = (output != input).type_as(input)
        ctx.mark_non_differentiable(clipped)
        return output, clipped

    @staticmethod
    def backward(ctx, grad_output, grad_clipped):
        return grad_output.clone(), None, None
