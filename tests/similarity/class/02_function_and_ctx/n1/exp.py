# source: written for this set
class Exp(Function):
    """``e ** x``. d/dx = e ** x (the output, saved)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        # exp of a big number overflows to inf, which is fine here
        with np.errstate(over="ignore"):
            exp_values = np.exp(x.data)
        exp_tensor = Tensor(exp_values)
        ctx.save_for_backward(exp_tensor)
        return exp_tensor

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        saved = ctx.saved_tensors
        exp_tensor = saved[0]
        return exp_tensor * grad
