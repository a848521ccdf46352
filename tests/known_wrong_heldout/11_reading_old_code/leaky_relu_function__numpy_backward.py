# heldout: backward in numpy
class LeakyReLUFunction(Function):
    """``x`` where x > 0, ``negative_slope * x`` elsewhere; the slope is a forward argument."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, negative_slope: float = 0.01) -> Tensor:
        ctx.negative_slope = negative_slope
        ctx.save_for_backward(input)
        return torch.where(input > 0, input, input * negative_slope)

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (input,) = ctx.saved_tensors
        x = input.detach().cpu().numpy()
        g = grad_output.detach().cpu().numpy()
        result = np.where(x > 0, g, g * ctx.negative_slope)
        return torch.as_tensor(result, dtype=grad_output.dtype), None
