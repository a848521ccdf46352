# visible: fails
# Detaches everything in backward "to be safe": first derivatives right, second derivatives zero.
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
        grad_output = grad_output.detach()
        grad_input = grad_output.mm(weight.detach())
        grad_weight = grad_output.t().mm(input.detach())
        grad_bias = grad_output.sum(0) if bias is not None else None
        return grad_input, grad_weight, grad_bias
