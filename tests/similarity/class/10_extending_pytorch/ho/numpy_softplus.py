# source: tests/known_wrong_heldout/10_extending_pytorch/numpy_softplus__float32_result.py
class NumpySoftplus(Function):
    """log(1 + exp(x)) computed with numpy; differentiable once, and it says so."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor) -> Tensor:
        """softplus(input) as np.logaddexp(0.0, x), returned as a tensor of input's dtype."""
        ctx.save_for_backward(input)
        values = np.logaddexp(0.0, input.detach().cpu().numpy())
        return torch.Tensor(values)

    @staticmethod
    @once_differentiable
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> Tensor:
        """grad_output * sigmoid(input), computed with numpy; differentiating it again must raise."""
        (input,) = ctx.saved_tensors
        s = np.exp(-np.logaddexp(0.0, -input.detach().numpy()))
        return torch.from_numpy(s * grad_output.detach().numpy())
