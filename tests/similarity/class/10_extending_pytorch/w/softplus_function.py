# copy of n1: rename, recomment
class Softplus(Function):
    """log(1 + exp(x)) with torch operations; its backward can be differentiated again."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor) -> Tensor:
        """softplus(input), elementwise."""
        ctx.save_for_backward(input)
        return torch.logaddexp(torch.zeros_like(input), input)

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> Tensor:
        """grad_output * sigmoid(input), recorded under create_graph=True."""
        (x,) = ctx.saved_tensors
        d = torch.sigmoid(x)
        return grad_output * d
