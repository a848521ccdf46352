# source: written for this set
class NumpySoftplus(Function):
    """log(1 + exp(x)) computed with numpy; differentiable once, and it says so."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor) -> Tensor:
        """softplus(input) as np.logaddexp(0.0, x), returned as a tensor of input's dtype."""
        ctx.save_for_backward(input)
        input_array = input.detach().numpy()
        result_array = np.logaddexp(0.0, input_array)
        return torch.tensor(result_array, dtype=input.dtype)

    @staticmethod
    @once_differentiable
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> Tensor:
        """grad_output * sigmoid(input), computed with numpy; differentiating it again must raise."""
        (input,) = ctx.saved_tensors
        input_array = input.detach().numpy()
        sigmoid_array = 1.0 / (1.0 + np.exp(-input_array))
        grad_array = grad_output.detach().numpy() * sigmoid_array
        return torch.tensor(grad_array, dtype=grad_output.dtype)
