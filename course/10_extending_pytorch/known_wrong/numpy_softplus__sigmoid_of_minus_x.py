# visible: fails
# mistake: sigma(-x) instead of sigma(x)
# why: np.exp(-np.logaddexp(0.0, x)) is 1 / (1 + e^x), which is sigma(-x): at x = ln 3 it gives 0.25 instead of 0.75.
# see: Exercise 4 · Softplus, twice and once (3 points)
# hint: sigma(x) = 1 / (1 + e^(-x)); which sign goes inside logaddexp?
class NumpySoftplus(Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return torch.from_numpy(np.logaddexp(0.0, input.detach().numpy()))

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        sigmoid = np.exp(-np.logaddexp(0.0, input.detach().numpy()))
        return torch.from_numpy(grad_output.detach().numpy() * sigmoid)
