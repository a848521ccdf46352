# source: tests/unusual_correct/05_gradcheck/layer_norm__centred_and_variance.py
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
        d = x.shape[-1]
        centred = x - x.sum(-1, keepdim=True) / d
        variance = (centred * centred).sum(-1, keepdim=True) / d
        inv = (variance + ctx.eps) ** -0.5
        g = grad_output
        mean_g = g.sum(-1, keepdim=True) / d
        mean_gc = (g * centred).sum(-1, keepdim=True) / d
        return (g - mean_g) * inv - centred * mean_gc * inv**3, None
