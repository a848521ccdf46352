# visible: fails
# mistake: needs_input_grad entries swapped
# why: the input's gradient is guarded by entry 1 and the weight's by entry 0; when only one of them requires grad, the wrong one is computed.
# see: Only what is needed
# hint: which argument of forward does each entry of ctx.needs_input_grad belong to?
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
        grad_input = grad_weight = grad_bias = None
        if ctx.needs_input_grad[1]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[0]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias
