# visible: fails
# mistake: the copy made by multiplying with a float64 tensor of ones
# why: grad.reshape(kept) * Tensor(np.ones(shape)) has the right values, but a float32 gradient comes back float64 from Sum.backward (the dtype of the ones wins).
# see: Exercise 2 · the backward of `Sum` (2 points)
# hint: The statement asks you to stretch the gradient with expand: what dtype does np.ones give, and what happens to a float32 gradient multiplied by it?
def _kept_shape(shape: tuple[int, ...], dim: Dims) -> tuple[int, ...]:
    """The output shape with ``keepdim=True``: reduced dimensions become 1."""
    if dim is None:
        return (1,) * len(shape)
    return tuple(1 if i in dim else n for i, n in enumerate(shape))


class Sum(Function):
    """``x.sum(dim, keepdim)``. d/dx = 1 for every element: the gradient is copied back."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, dim: Dims = None, keepdim: bool = False) -> np.ndarray:
        ctx.shape, ctx.dim = x.shape, _axis(dim)
        return np.sum(x.data, axis=ctx.dim, keepdims=keepdim)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None, None]:
        kept = grad.reshape(_kept_shape(ctx.shape, ctx.dim))
        return kept * Tensor(np.ones(ctx.shape)), None, None
