# source: assignments/10_extending_pytorch/10_extending_pytorch.ipynb, cell softplus_function
class Softplus(Function):
    """log(1 + exp(x)) with torch operations; its backward can be differentiated again."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor) -> Tensor:
        """softplus(input), elementwise."""
        # YOUR CODE HERE
        raise NotImplementedError()

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> Tensor:
        """grad_output * sigmoid(input), recorded under create_graph=True."""
        # YOUR CODE HERE
        raise NotImplementedError()
