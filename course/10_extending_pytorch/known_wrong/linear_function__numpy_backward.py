# visible: fails
# Computes the gradients in numpy and wraps them back: right first derivatives, but the gradient is no longer differentiable (gradgradcheck).
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
        g = grad_output.detach().numpy()
        grad_input = torch.from_numpy(g @ weight.detach().numpy())
        grad_weight = torch.from_numpy(g.T @ input.detach().numpy())
        grad_bias = torch.from_numpy(g.sum(0)) if bias is not None else None
        return grad_input, grad_weight, grad_bias
