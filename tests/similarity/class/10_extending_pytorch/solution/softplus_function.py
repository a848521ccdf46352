# source: course/10_extending_pytorch/10_extending_pytorch.md, cell softplus_function
class Softplus(Function):
    """log(1 + exp(x)) with torch operations; its backward can be differentiated again."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor) -> Tensor:
        """softplus(input), elementwise."""
        ctx.save_for_backward(input)
        return F.softplus(input)

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> Tensor:
        """grad_output * sigmoid(input), recorded under create_graph=True."""
        (input,) = ctx.saved_tensors
        return grad_output * torch.sigmoid(input)
