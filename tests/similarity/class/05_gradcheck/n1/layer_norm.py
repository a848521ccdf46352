# source: written for this set
class LayerNormFunction(Function):
    """``(x - mean(x)) / sqrt(var(x) + eps)`` over the last dimension (biased variance, no
    weight or bias): ``torch.nn.functional.layer_norm(x, x.shape[-1:], eps=eps)``."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, eps: float = 1e-5) -> Tensor:
        ctx.save_for_backward(x)
        ctx.eps = eps
        y, _ = _standardise(x, eps)
        return y

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        """grad_output (the shape of x) -> (the gradient of x, None for eps)."""
        (x,) = ctx.saved_tensors
        normalised, std = _standardise(x, ctx.eps)
        mean_of_grad = grad_output.mean(-1, keepdim=True)
        mean_of_grad_times_y = (grad_output * normalised).mean(-1, keepdim=True)
        grad_x = (grad_output - mean_of_grad - normalised * mean_of_grad_times_y) / std
        return grad_x, None
