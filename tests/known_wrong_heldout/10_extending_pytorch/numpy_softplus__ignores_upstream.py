# heldout: the upstream gradient is dropped
class NumpySoftplus(Function):
    """log(1 + exp(x)) computed with numpy; differentiable once, and it says so."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor) -> Tensor:
        """softplus(input) as np.logaddexp(0.0, x), returned as a tensor of input's dtype."""
        ctx.save_for_backward(input)
        return torch.as_tensor(np.logaddexp(0.0, input.detach().numpy()))

    @staticmethod
    @once_differentiable
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> Tensor:
        """grad_output * sigmoid(input), computed with numpy; differentiating it again must raise."""
        (input,) = ctx.saved_tensors
        return torch.from_numpy(np.exp(-np.logaddexp(0.0, -input.detach().numpy())))
