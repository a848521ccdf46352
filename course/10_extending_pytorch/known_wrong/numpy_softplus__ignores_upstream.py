# visible: fails
# mistake: the upstream gradient is dropped
# why: backward returns sigmoid(x) alone; for the loss sum(y) the upstream gradient is 1 and nothing shows, for any other loss it is wrong.
# see: Exercise 4 · Softplus, twice and once (3 points)
# hint: what does the chain rule multiply the local derivative by?
class NumpySoftplus(Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return torch.from_numpy(np.logaddexp(0.0, input.detach().numpy()))

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        return torch.from_numpy(np.exp(-np.logaddexp(0.0, -input.detach().numpy())))
