# visible: fails
# mistake: forgets the term of the mean
# why: mu depends on every x_j, which gives the -1/D part of the Jacobian; without it the gradient of a row no longer sums to zero.
# see: One row, one element at a time
# hint: what is d(mu)/d(x_j), and which term of the vector-Jacobian product does it give?
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
        return (g - y * (g * y).mean(-1, keepdim=True)) / std, None
