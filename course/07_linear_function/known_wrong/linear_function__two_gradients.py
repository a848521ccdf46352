# visible: fails
# mistake: two gradients for three inputs
# why: forward took input, weight and bias, so backward must return three values; the bias gets none and the engine refuses the count.
# see: Only what is needed
# hint: how many values must backward return, and what stands in for one nobody needs?
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
        return grad_output.mm(weight), grad_output.t().mm(input)
