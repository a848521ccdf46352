# visible: fails
# mistake: backward computed with numpy
# why: the gradient is computed on .data and wrapped in a new Tensor, so with create_graph=True the engine records nothing and it cannot be differentiated again.
# see: Exercise 5 · The backward of layer normalisation (3 points)
# hint: which operations does the engine record when create_graph=True?
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
        g, y, s = grad_output.data, y.data, std.data
        grad = (g - g.mean(-1, keepdims=True) - y * (g * y).mean(-1, keepdims=True)) / s
        return Tensor(grad), None
