# visible: fails
# mistake: backward detaches grad_output
# why: the values are right, but the detached gradient records no graph, so with create_graph=True it cannot be differentiated.
# see: Why static methods?
# hint: does your backward cut its result from the graph anywhere (.detach(), .data, torch.tensor(...))?
class LeakyReLUFunction(Function):
    @staticmethod
    def forward(ctx, input, negative_slope=0.01):
        ctx.negative_slope = negative_slope
        ctx.save_for_backward(input)
        return torch.where(input > 0, input, input * negative_slope)

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        grad_output = grad_output.detach()
        return torch.where(input > 0, grad_output, grad_output * ctx.negative_slope), None
