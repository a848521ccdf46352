# visible: fails
# mistake: means over the whole tensor
# why: g.mean() averages over every row at once, but rows do not mix: each row needs the mean of its own elements.
# see: From the Jacobian to backward
# hint: over which dimension are the two means of the formula taken, and which shape must they have to broadcast back?
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
        return (g - g.mean() - y * (g * y).mean()) / std, None
