# visible: fails
# mistake: forward changes the weight
# why: weight.data = weight.data.T transposes the caller's weight itself, not a copy: the first call gives the right output, but the weight has shape (in, out) afterwards, and the next call with it breaks.
# see: The forward pass, with shapes
# hint: how do you get W transposed without changing W?
class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        weight.data = weight.data.T
        ctx.save_for_backward(input, weight, bias)
        output = input.mm(weight)
        if bias is not None:
            output += bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        grad_input = grad_weight = grad_bias = None
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight.t())
        if ctx.needs_input_grad[1]:
            grad_weight = input.t().mm(grad_output)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias
