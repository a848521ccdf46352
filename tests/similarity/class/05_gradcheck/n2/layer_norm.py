# source: written for this set
class LayerNormFunction(Function):
    @staticmethod
    def forward(ctx, x, eps=1e-5):
        ctx.save_for_backward(x)
        ctx.eps = eps
        y, _ = _standardise(x, eps)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        n = x.shape[-1]
        y, s = _standardise(x, ctx.eps)
        g = grad_output
        return (n * g - g.sum(-1, keepdim=True) - y * (g * y).sum(-1, keepdim=True)) / (n * s), None
