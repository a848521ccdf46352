# heldout: changes the input in place
class LeakyReLUFunction(Function):
    """``x`` where x > 0, ``negative_slope * x`` elsewhere; the slope is a forward argument."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, negative_slope: float = 0.01) -> Tensor:
        ctx.negative_slope = negative_slope
        ctx.save_for_backward(input)
        output = input
        output[output <= 0] *= negative_slope
        return output

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (input,) = ctx.saved_tensors
        return torch.where(input > 0, grad_output, grad_output * ctx.negative_slope), None
