# visible: fails
# mistake: one gradient for two arguments
# why: forward takes x and eps, so backward must return two values; apply(x, eps) then fails with "incorrect number of gradients".
# see: Exercise 5 · The backward of layer normalisation (3 points)
# hint: how many arguments does forward take after ctx, and what is the gradient of a number?
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
        return (g - g.mean(-1, keepdim=True) - y * (g * y).mean(-1, keepdim=True)) / std
