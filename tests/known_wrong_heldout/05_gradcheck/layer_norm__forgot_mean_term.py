# heldout: forgets the term of the mean
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
        x = ctx.saved_tensors[0]
        D = x.shape[-1]
        mu = x.sum(-1, keepdim=True) / D
        xc = x - mu
        s = ((xc * xc).sum(-1, keepdim=True) / D + ctx.eps).sqrt()
        y = xc / s
        proj = (grad_output * y).sum(-1, keepdim=True) / D
        dx = (grad_output - y * proj) / s
        return dx, None
