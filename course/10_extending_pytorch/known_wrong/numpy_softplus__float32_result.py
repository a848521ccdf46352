# visible: fails
# mistake: torch.Tensor(array) makes float32
# why: the old constructor torch.Tensor always gives float32, so a float64 input comes back in float32 and loses about half its digits.
# see: Exercise 4 · Softplus, twice and once (3 points)
# hint: which function turns a numpy array into a tensor that keeps the array's dtype?
class NumpySoftplus(Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return torch.Tensor(np.logaddexp(0.0, input.detach().numpy()))

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        sigmoid = np.exp(-np.logaddexp(0.0, -input.detach().numpy()))
        return torch.Tensor(grad_output.detach().numpy() * sigmoid)
