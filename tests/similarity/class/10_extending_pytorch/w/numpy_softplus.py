# copy of n1: rename, intermediate variables inlined
class NumpySoftplus(Function):
    """log(1 + exp(x)) computed with numpy; differentiable once, and it says so."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor) -> Tensor:
        """softplus(input) as np.logaddexp(0.0, x), returned as a tensor of input's dtype."""
        ctx.save_for_backward(input)
        return torch.tensor(np.logaddexp(0.0, input.detach().numpy()), dtype=input.dtype)

    @staticmethod
    @once_differentiable
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> Tensor:
        """grad_output * sigmoid(input), computed with numpy; differentiating it again must raise."""
        (x,) = ctx.saved_tensors
        a = x.detach().numpy()
        s = 1.0 / (1.0 + np.exp(-a))
        return torch.tensor(grad_output.detach().numpy() * s, dtype=grad_output.dtype)
