# visible: fails
# mistake: tensors kept as ctx attributes
# why: ctx.input = input keeps the tensors outside save_for_backward, so the engine cannot free them: a second backward through the same graph runs again and adds to .grad instead of raising.
# see: Exercise 1 · `LinearFunction` (6 points)
# hint: which ctx method keeps tensors so that the engine can free them after backward?
class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.input, ctx.weight, ctx.bias = input, weight, bias
        output = input.mm(weight.t())
        if bias is not None:
            output += bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.input, ctx.weight, ctx.bias
        grad_input = grad_weight = grad_bias = None
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias
