# Wrong: the two row sums are taken over the whole tensor (g.mean()), not per row, which is only right for a single row.
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
        y, s = _standardise(x, ctx.eps)
        g = grad_output
        return (g - g.mean() - y * (g * y).mean()) / s, None
