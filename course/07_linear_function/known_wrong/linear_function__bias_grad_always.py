# visible: fails
# mistake: a bias gradient without a bias
# why: backward always returns grad_output.sum(0) as a third gradient; when forward got no bias there is nothing to receive it, and the engine refuses the extra gradient.
# see: Only what is needed
# hint: when bias is None, what must backward return in its place?
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
