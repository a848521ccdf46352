# source: tests/known_wrong_heldout/11_reading_old_code/leaky_relu_function__default_slope_in_backward.py
class LeakyReLUFunction(Function):
    """``x`` where x > 0, ``negative_slope * x`` elsewhere; the slope is a forward argument."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, negative_slope: float = 0.01) -> Tensor:
        ctx.negative_slope = negative_slope
        ctx.save_for_backward(input)
        positive = input > 0
        scale = torch.where(positive, torch.ones_like(input), torch.full_like(input, negative_slope))
        return input * scale

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (input,) = ctx.saved_tensors
        positive = input > 0
        scale = torch.where(positive, torch.ones_like(input), torch.full_like(input, 0.01))
        return grad_output * scale, None
