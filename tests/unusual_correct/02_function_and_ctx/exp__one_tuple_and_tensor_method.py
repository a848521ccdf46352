# unusual: errstate(all=...), forward returns the saved output, backward returns a 1-tuple built with .mul
# visible: passes
class Exp(Function):
    @staticmethod
    def forward(ctx, x):
        with np.errstate(all="ignore"):
            result = Tensor(np.exp(x.data))
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad):
        (result,) = ctx.saved_tensors
        return (result.mul(grad),)
