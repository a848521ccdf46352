# visible: fails
# mistake: tensors kept on the class
# why: LinearFunction.saved is one slot shared by every call, so a second forward overwrites what the first graph needs, and its backward uses the wrong input.
# see: Exercise 1 · `LinearFunction` (6 points)
# hint: each call of apply gets its own ctx; where should that call's tensors live?
class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        LinearFunction.saved = (input, weight, bias)
        output = input.mm(weight.t())
        if bias is not None:
            output += bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = LinearFunction.saved
        grad_input = grad_weight = grad_bias = None
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias
