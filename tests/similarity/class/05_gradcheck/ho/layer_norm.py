# source: tests/known_wrong_heldout/05_gradcheck/layer_norm__detached_statistics.py
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
        mu = x.mean(-1, keepdim=True).detach()
        diff = x - mu
        s = ((diff * diff).mean(-1, keepdim=True) + ctx.eps).sqrt().detach()
        y = diff / s
        g = grad_output
        grad_x = (g - g.mean(-1, keepdim=True) - y * (g * y).mean(-1, keepdim=True)) / s
        return grad_x, None
