# source: written for this set
class Softplus(Function):
    """log(1 + exp(x)) with torch operations; its backward can be differentiated again."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor) -> Tensor:
        """softplus(input), elementwise."""
        ctx.save_for_backward(input)
        # logaddexp(0, x) = log(1 + exp(x)) without overflow
        return torch.logaddexp(torch.zeros_like(input), input)

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> Tensor:
        """grad_output * sigmoid(input), recorded under create_graph=True."""
        (input,) = ctx.saved_tensors
        derivative = torch.sigmoid(input)
        return grad_output * derivative
