# heldout: sigma(-x) instead of sigma(x)
class NumpySoftplus(Function):
    """log(1 + exp(x)) computed with numpy; differentiable once, and it says so."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor) -> Tensor:
        """softplus(input) as np.logaddexp(0.0, x), returned as a tensor of input's dtype."""
        ctx.save_for_backward(input)
        x = input.detach().numpy()
        return torch.from_numpy(np.logaddexp(0.0, x))

    @staticmethod
    @once_differentiable
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> Tensor:
        """grad_output * sigmoid(input), computed with numpy; differentiating it again must raise."""
        (input,) = ctx.saved_tensors
        x = input.detach().numpy()
        sig = np.exp(-np.logaddexp(0.0, x))
        return torch.from_numpy(grad_output.detach().numpy() * sig)
