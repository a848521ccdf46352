# visible: fails
# mistake: two gradients when the bias is None
# why: forward(x, W, None) has three arguments even though the bias is absent, so backward must return three values; returning two is right only when forward got two.
# see: Only what is needed
# hint: how many entries does ctx.needs_input_grad have after apply(x, W, None)?
class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight)
        ctx.has_bias = bias is not None
        output = input.mm(weight.t())
        if ctx.has_bias:
            output = output + bias.expand_as(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight = ctx.saved_tensors
        needs = ctx.needs_input_grad
        grad_input = grad_output.mm(weight) if needs[0] else None
        grad_weight = grad_output.t().mm(input) if needs[1] else None
        if not ctx.has_bias:
            return grad_input, grad_weight
        return grad_input, grad_weight, (grad_output.sum(0) if needs[2] else None)
