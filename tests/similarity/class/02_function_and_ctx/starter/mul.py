# source: assignments/02_function_and_ctx/02_function_and_ctx.ipynb, cell mul
class Mul(Function):
    """``a * b``. d/da = b, d/db = a."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        # YOUR CODE HERE
        raise NotImplementedError()

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        # YOUR CODE HERE
        raise NotImplementedError()
