# visible: fails
# mistake: the mean and s detached in backward
# why: the first derivatives are right, but with create_graph=True the mean and s are constants of the recorded graph, so second derivatives miss their dependence on x.
# see: Exercise 5 · The backward of layer normalisation (3 points)
# hint: for second derivatives, which of the quantities in backward must stay connected to x?
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
        constant = x.detach()
        mean = constant.mean(-1, keepdim=True)
        std = (((constant - mean) * (constant - mean)).mean(-1, keepdim=True) + ctx.eps).sqrt()
        y = (x - mean) / std
        g = grad_output
        return (g - g.mean(-1, keepdim=True) - y * (g * y).mean(-1, keepdim=True)) / std, None
