# Wrong: np.exp writes into x's own array (out=x.data), so the input tensor is silently changed by the forward pass.
class Exp(Function):
    @staticmethod
    def forward(ctx, x):
        with np.errstate(over="ignore"):
            out = Tensor(np.exp(x.data, out=x.data))
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return grad * out
