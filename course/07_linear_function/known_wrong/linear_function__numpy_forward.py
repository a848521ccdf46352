# visible: fails
# mistake: forward written with numpy
# why: np.dot on .data gives the right numbers in autograd_lib, but torch.autograd.Function's forward gets torch tensors and must return one.
# see: The same body on PyTorch
# hint: which operations do autograd_lib and PyTorch tensors both have?
class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight, bias)
        output = np.dot(np.asarray(input.data), np.asarray(weight.data).T)
        if bias is not None:
            output = output + np.asarray(bias.data)
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
