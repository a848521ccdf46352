# visible: fails
# mistake: finds the bias by counting arguments
# why: len(ctx.needs_input_grad) == 3 is also true for an explicit bias=None, and for a bias that needs no gradient; backward then returns a bias gradient where None belongs.
# see: Only what is needed
# hint: there are two separate questions about the bias: does it exist, and does it need a gradient?
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
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if len(ctx.needs_input_grad) == 3:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias
