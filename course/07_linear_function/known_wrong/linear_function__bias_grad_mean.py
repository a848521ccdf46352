# visible: fails
# mistake: the bias gradient is a mean
# why: each row of the batch adds its own G to the bias gradient; dividing by N gives the right answer only for a batch of one row.
# see: The three gradients
# hint: b[o] appears in every row's output with factor 1: do the contributions add up or average?
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
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0) * (1.0 / grad_output.shape[0])
        return grad_input, grad_weight, grad_bias
