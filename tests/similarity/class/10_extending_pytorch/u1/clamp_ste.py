# source: tests/unusual_correct/10_extending_pytorch/clamp_ste__clipped_from_output.py
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
