# visible: fails
# mistake: the unbiased variance in backward
# why: forward divides the squared deviations by D, so s in backward must too; dividing by D - 1 gives another s (and no s at all when D = 1).
# see: Deriving a backward: layer normalisation
# hint: which variance does forward use, and does _standardise give you s directly?
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
        d = x.shape[-1]
        centred = x - x.mean(-1, keepdim=True)
        std = ((centred * centred).sum(-1, keepdim=True) / (d - 1) + ctx.eps).sqrt()
        y = centred / std
        g = grad_output
        return (g - g.mean(-1, keepdim=True) - y * (g * y).mean(-1, keepdim=True)) / std, None
