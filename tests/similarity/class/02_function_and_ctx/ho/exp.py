# source: tests/known_wrong_heldout/02_function_and_ctx/exp__forgets_grad_output.py
class Exp(Function):
    """``e ** x``. d/dx = e ** x (the output, saved)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        with np.errstate(over="ignore"):
            y = Tensor(np.exp(x.data))
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        y = ctx.saved_tensors[0]
        return y
