# source: assignments/02_function_and_ctx/02_function_and_ctx.ipynb, cell exp
class Exp(Function):
    """``e ** x``. d/dx = e ** x (the output, saved)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        # YOUR CODE HERE
        raise NotImplementedError()

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        # YOUR CODE HERE
        raise NotImplementedError()
