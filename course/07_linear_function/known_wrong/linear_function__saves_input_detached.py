# visible: passes
# mistake: saves the input detached
# why: the input is saved as input.detach(), so with create_graph=True the weight's gradient G^T X has no path back to the input, and its derivative with respect to the input is lost (torch's, for an upstream V, is G V, not zero).
# see: Exercise 1 · `LinearFunction` (6 points)
# hint: with create_graph=True, which tensors must the gradients still be connected to?
class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input.detach(), weight, bias)
        output = input.mm(weight.t())
        if bias is not None:
            output = output + bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        grad_input = grad_weight = grad_bias = None
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias
