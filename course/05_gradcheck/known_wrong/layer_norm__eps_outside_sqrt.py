# visible: fails
# mistake: eps outside the square root
# why: s is sqrt(v + eps), not sqrt(v) + eps; the two differ by about eps / 2, which shows as soon as eps is not tiny.
# see: Deriving a backward: layer normalisation
# hint: where does eps sit in the formula of s? _standardise computes it for you.
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
        centred = x - x.mean(-1, keepdim=True)
        std = (centred * centred).mean(-1, keepdim=True).sqrt() + ctx.eps
        y = centred / std
        g = grad_output
        return (g - g.mean(-1, keepdim=True) - y * (g * y).mean(-1, keepdim=True)) / std, None
