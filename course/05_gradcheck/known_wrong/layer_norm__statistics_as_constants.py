# visible: fails
# mistake: treats the mean and s as constants
# why: if mu and s did not depend on x, dy_i/dx_j would be delta_ij / s; but both depend on every element of the row.
# see: One row, one element at a time
# hint: which of mu, v and s depend on x_j, for every j?
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
        return g / std, None
