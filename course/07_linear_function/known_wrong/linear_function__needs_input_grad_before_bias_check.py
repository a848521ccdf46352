# visible: fails
# mistake: needs_input_grad[2] read without a bias
# why: with two arguments ctx.needs_input_grad has two entries, so reading entry 2 raises IndexError before the bias check runs.
# see: Only what is needed
# hint: in which order must the two conditions on the bias be tested?
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
        if ctx.needs_input_grad[2] and bias is not None:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias
