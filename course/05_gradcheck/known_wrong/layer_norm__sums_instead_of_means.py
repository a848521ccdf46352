# visible: fails
# mistake: sums where the formula has means
# why: the Jacobian has 1/D in both extra terms, so the row sums must be divided by D; without it those terms are D times too large.
# see: From the Jacobian to backward
# hint: a sum over the row is D times which quantity?
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
        y, std = _standardise(x, ctx.eps)
        g = grad_output
        return (g - g.sum(-1, keepdim=True) - y * (g * y).sum(-1, keepdim=True)) / std, None
