# source: written for this set
class LeakyReLUFunction(Function):
    """``x`` where x > 0, ``negative_slope * x`` elsewhere; the slope is a forward argument."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, negative_slope: float = 0.01) -> Tensor:
        ctx.save_for_backward(input)
        ctx.slope = negative_slope
        positive_part = input.clamp(min=0)
        negative_part = input.clamp(max=0)
        return positive_part + negative_slope * negative_part

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (input,) = ctx.saved_tensors
        # slope 1 where the input was positive, the small slope elsewhere
        local_slope = torch.where(input > 0, torch.ones_like(input), torch.full_like(input, ctx.slope))
        return grad_output * local_slope, None
