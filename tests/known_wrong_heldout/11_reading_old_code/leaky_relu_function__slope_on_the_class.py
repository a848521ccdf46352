# heldout: the slope kept on the class
class LeakyReLUFunction(Function):
    """``x`` where x > 0, ``negative_slope * x`` elsewhere; the slope is a forward argument."""

    negative_slope = 0.01

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, negative_slope: float = 0.01) -> Tensor:
        LeakyReLUFunction.negative_slope = negative_slope
        ctx.save_for_backward(input)
        return torch.where(input > 0, input, input * negative_slope)

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (input,) = ctx.saved_tensors
        slope = LeakyReLUFunction.negative_slope
        return torch.where(input > 0, grad_output, grad_output * slope), None
