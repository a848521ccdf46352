# heldout: backward detaches grad_output
class LeakyReLUFunction(Function):
    """``x`` where x > 0, ``negative_slope * x`` elsewhere; the slope is a forward argument."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, negative_slope: float = 0.01) -> Tensor:
        ctx.save_for_backward(input)
        ctx.negative_slope = negative_slope
        return torch.where(input <= 0, negative_slope * input, input)

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (x,) = ctx.saved_tensors
        g = grad_output.detach()
        return torch.where(x <= 0, ctx.negative_slope * g, g), None
