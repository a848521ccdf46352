# visible: fails
# mistake: forward returns a numpy array
# why: apply passes on what forward returns; a numpy array is not a tensor, so there is no output to attach a gradient to.
# see: When backward cannot be recorded: once_differentiable
# hint: a Function's outputs must be tensors: which torch function wraps a numpy array?
class NumpySoftplus(Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return np.logaddexp(0.0, input.detach().numpy())

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        sigmoid = np.exp(-np.logaddexp(0.0, -input.detach().numpy()))
        return torch.from_numpy(grad_output.detach().numpy() * sigmoid)
