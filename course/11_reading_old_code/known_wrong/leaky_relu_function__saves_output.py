# visible: passes
# mistake: saves the output and tests output > 0
# why: with a positive slope the output has the input's sign, so the mask is right; with a negative slope (torch allows one) a negative input gives a positive output, and its gradient comes out 1 instead of the slope.
# see: Exercise 1 · Port `LeakyReLU` (3 points)
# hint: does the sign of the output always tell you on which side of 0 the input was?
class LeakyReLUFunction(Function):
    """``x`` where x > 0, ``negative_slope * x`` elsewhere; the slope is a forward argument."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, negative_slope: float = 0.01) -> Tensor:
        ctx.negative_slope = negative_slope
        output = torch.where(input > 0, input, input * negative_slope)
        ctx.save_for_backward(output)
        return output

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (output,) = ctx.saved_tensors
        return torch.where(output > 0, grad_output, grad_output * ctx.negative_slope), None
