# copy of n1: rename, recomment
class LeakyReLUFunction(Function):
    """``x`` where x > 0, ``negative_slope * x`` elsewhere; the slope is a forward argument."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, negative_slope: float = 0.01) -> Tensor:
        ctx.save_for_backward(input)
        ctx.slope = negative_slope
        pos = input.clamp(min=0)
        neg = input.clamp(max=0)
        return pos + negative_slope * neg

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (x,) = ctx.saved_tensors
        s = torch.where(x > 0, torch.ones_like(x), torch.full_like(x, ctx.slope))
        return grad_output * s, None
