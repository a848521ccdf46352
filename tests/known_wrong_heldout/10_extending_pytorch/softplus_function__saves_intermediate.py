# heldout: saves sigmoid(x), computed in forward
class Softplus(Function):
    """log(1 + exp(x)) with torch operations; its backward can be differentiated again."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor) -> Tensor:
        """softplus(input), elementwise."""
        slope = torch.sigmoid(input)  # the derivative, ready for backward
        ctx.save_for_backward(slope)
        return torch.log1p(torch.exp(-input.abs())) + input.clamp(min=0)

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> Tensor:
        """grad_output * sigmoid(input), recorded under create_graph=True."""
        (slope,) = ctx.saved_tensors
        return slope * grad_output
