# heldout: one gradient for two arguments
class LeakyReLUFunction(Function):
    """``x`` where x > 0, ``negative_slope * x`` elsewhere; the slope is a forward argument."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, negative_slope: float = 0.01) -> Tensor:
        ctx.save_for_backward(input)
        ctx.negative_slope = negative_slope
        keep = (input > 0).to(input.dtype)
        return input * keep + input * (1 - keep) * negative_slope

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> Tensor:
        (input,) = ctx.saved_tensors
        return torch.where(input > 0, grad_output, grad_output * ctx.negative_slope)
