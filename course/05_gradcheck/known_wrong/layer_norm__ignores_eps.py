# visible: fails
# mistake: recomputes s without eps
# why: backward uses sqrt(v), forward sqrt(v + eps): the gradient is that of another function, wrong by about eps / (2 v).
# see: Exercise 5 · The backward of layer normalisation (3 points)
# hint: which eps was forward called with, and where did forward keep it?
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
        y, std = _standardise(x, 0.0)
        g = grad_output
        return (g - g.mean(-1, keepdim=True) - y * (g * y).mean(-1, keepdim=True)) / std, None
