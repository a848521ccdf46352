# visible: fails
# mistake: computes gradients nobody needs
# why: backward returns the input's and the weight's gradients even when needs_input_grad says they are not wanted; the engine drops them, so .grad is right, but the work was wasted and backward does not return None there.
# see: Only what is needed
# hint: what does ctx.needs_input_grad tell you, and what goes in a gradient's place when its entry is False?
class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight, bias)
        output = input.mm(weight.t())
        if bias is not None:
            output += bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        grad_input = grad_output.mm(weight)
        grad_weight = grad_output.t().mm(input)
        grad_bias = grad_output.sum(0) if bias is not None else None
        return grad_input, grad_weight, grad_bias
