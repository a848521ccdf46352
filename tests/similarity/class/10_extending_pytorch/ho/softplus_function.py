# source: tests/known_wrong_heldout/10_extending_pytorch/softplus_function__ctx_attribute.py
class Softplus(Function):
    """log(1 + exp(x)) with torch operations; its backward can be differentiated again."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor) -> Tensor:
        """softplus(input), elementwise."""
        ctx.x = input
        return F.softplus(input)

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> Tensor:
        """grad_output * sigmoid(input), recorded under create_graph=True."""
        s = 1.0 / (1.0 + torch.exp(-ctx.x))
        return grad_output * s
