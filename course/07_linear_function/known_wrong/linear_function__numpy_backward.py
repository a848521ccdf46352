# visible: fails
# mistake: backward computed with numpy
# why: the gradients are numpy products wrapped back into new Tensors; their values are right, but the engine cannot record them, so with create_graph=True they cannot be differentiated again (and torch's backward cannot use them at all).
# see: Exercise 1 · `LinearFunction` (6 points)
# hint: which operations does the engine record when create_graph=True?
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
        g = np.asarray(grad_output.data)
        grad_input = grad_weight = grad_bias = None
        if ctx.needs_input_grad[0]:
            grad_input = Tensor(g @ np.asarray(weight.data))
        if ctx.needs_input_grad[1]:
            grad_weight = Tensor(g.T @ np.asarray(input.data))
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = Tensor(g.sum(axis=0))
        return grad_input, grad_weight, grad_bias
