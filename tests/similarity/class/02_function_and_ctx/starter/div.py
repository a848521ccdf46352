# source: assignments/02_function_and_ctx/02_function_and_ctx.ipynb, cell div
class Div(Function):
    """``a / b``. d/da = 1 / b, d/db = -a / b**2."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        # YOUR CODE HERE
        raise NotImplementedError()

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        # YOUR CODE HERE
        raise NotImplementedError()
