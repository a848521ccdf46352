# Wrong: the input is cast to float64 before exp, so a float32 tensor gives a float64 output.
class Exp(Function):
    @staticmethod
    def forward(ctx, x):
        with np.errstate(over="ignore"):
            out = Tensor(np.exp(np.asarray(x.data, dtype=np.float64)))
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return grad * out
