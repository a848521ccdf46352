# visible: fails
# mistake: forgets the term of the variance
# why: s depends on every x_j too, which gives the -y_i y_j / D part of the Jacobian; without it only the mean is accounted for.
# see: One row, one element at a time
# hint: what is d(s)/d(x_j)? Write it with y_j.
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
        return (g - g.mean(-1, keepdim=True)) / std, None
