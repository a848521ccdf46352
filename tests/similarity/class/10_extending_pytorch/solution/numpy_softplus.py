# source: course/10_extending_pytorch/10_extending_pytorch.md, cell numpy_softplus
class NumpySoftplus(Function):
    """log(1 + exp(x)) computed with numpy; differentiable once, and it says so."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor) -> Tensor:
        """softplus(input) as np.logaddexp(0.0, x), returned as a tensor of input's dtype."""
        ctx.save_for_backward(input)
        return torch.from_numpy(np.logaddexp(0.0, input.detach().numpy()))

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> Tensor:
        """grad_output * sigmoid(input), computed with numpy; differentiating it again must raise."""
        def numpy_backward(ctx, grad_output):
            (input,) = ctx.saved_tensors
            sigmoid = np.exp(-np.logaddexp(0.0, -input.detach().numpy()))
            return torch.from_numpy(grad_output.detach().numpy() * sigmoid)

        # The usual form is the decorator @once_differentiable on backward itself (under
        # @staticmethod); here the same wrapper is applied to the numpy part.
        return once_differentiable(numpy_backward)(ctx, grad_output)
