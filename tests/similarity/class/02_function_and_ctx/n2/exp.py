# source: written for this set
class Exp(Function):
    @staticmethod
    def forward(ctx, x):
        with np.errstate(all="ignore"):
            y = np.exp(x.data)
        ctx.save_for_backward(Tensor(y))
        return Tensor(y)

    @staticmethod
    def backward(ctx, grad):
        return grad * ctx.saved_tensors[0]
