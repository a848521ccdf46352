# visible: fails
# mistake: backward in numpy
# why: the first gradient is right, but numpy arrays record no graph, so with create_graph=True it cannot be differentiated.
# see: Why static methods?
# hint: can the gradient be computed with torch operations only?
class LeakyReLUFunction(Function):
    @staticmethod
    def forward(ctx, input, negative_slope=0.01):
        ctx.negative_slope = negative_slope
        ctx.save_for_backward(input)
        return torch.where(input > 0, input, input * negative_slope)

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        g = grad_output.detach().numpy()
        return torch.from_numpy(np.where(input.numpy() > 0, g, g * ctx.negative_slope)), None
