# heldout: the unbiased variance in backward
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
        n = x.shape[-1]
        centred = x - x.mean(-1, keepdim=True)
        var = (centred * centred).sum(-1, keepdim=True) / (n - 1)
        s = (var + ctx.eps).sqrt()
        y = centred / s
        g = grad_output
        a = g.mean(-1, keepdim=True)
        b = (g * y).mean(-1, keepdim=True)
        return (g - a - y * b) / s, None
