# heldout: a numpy backward without once_differentiable
class NumpySoftplus(Function):
    """log(1 + exp(x)) computed with numpy; differentiable once, and it says so."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor) -> Tensor:
        """softplus(input) as np.logaddexp(0.0, x), returned as a tensor of input's dtype."""
        ctx.save_for_backward(input)
        arr = input.detach().numpy()
        return torch.from_numpy(np.logaddexp(0.0, arr))

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> Tensor:
        """grad_output * sigmoid(input), computed with numpy; differentiating it again must raise."""
        (input,) = ctx.saved_tensors
        sigma = np.exp(-np.logaddexp(0.0, -input.detach().numpy()))
        upstream = grad_output.detach().numpy()
        return torch.from_numpy(upstream * sigma)
