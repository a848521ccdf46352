# heldout: means over the whole tensor
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
        y, s = _standardise(x, ctx.eps)
        g = grad_output
        mean_g = g.mean()
        mean_gy = (y * g).mean()
        grad_x = g / s - mean_g / s - y * mean_gy / s
        return grad_x, None
