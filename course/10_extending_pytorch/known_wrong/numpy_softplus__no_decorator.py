# visible: fails
# mistake: a numpy backward without once_differentiable
# why: the gradient comes back without history, so a second derivative that combines it with x runs without error and is wrong.
# see: When backward cannot be recorded: once_differentiable
# hint: which decorator makes torch refuse to differentiate this backward?
class NumpySoftplus(Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return torch.from_numpy(np.logaddexp(0.0, input.detach().numpy()))

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        sigmoid = np.exp(-np.logaddexp(0.0, -input.detach().numpy()))
        return torch.from_numpy(grad_output.detach().numpy() * sigmoid)
