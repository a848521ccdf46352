# source: assignments/04_shapes/04_shapes.ipynb, cell sum_backward
def _kept_shape(shape: tuple[int, ...], dim: Dims) -> tuple[int, ...]:
    """The output shape with ``keepdim=True``: reduced dimensions become 1."""
    # YOUR CODE HERE
    raise NotImplementedError()


class Sum(Function):
    """``x.sum(dim, keepdim)``. d/dx = 1 for every element: the gradient is copied back."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, dim: Dims = None, keepdim: bool = False) -> np.ndarray:
        ctx.shape, ctx.dim = x.shape, _axis(dim)
        return np.sum(x.data, axis=ctx.dim, keepdims=keepdim)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None, None]:
        # YOUR CODE HERE
        raise NotImplementedError()
