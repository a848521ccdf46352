# source: tests/unusual_correct/04_shapes/matmul_backward__einsum.py
class MatMul(Function):
    """``a @ b``. dA = G @ B^T, dB = A^T @ G (with 1-D and batch handling)."""

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return np.matmul(a.data, b.data)

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        left = a.data[None, :] if a.ndim == 1 else a.data
        right = b.data[:, None] if b.ndim == 1 else b.data
        g = grad.data
        if b.ndim == 1:
            g = g[..., None]
        if a.ndim == 1:
            g = g[..., None, :]

        def summed_to(values, shape):
            values = values.sum(axis=tuple(range(values.ndim - len(shape))))
            ones = tuple(i for i, n in enumerate(shape) if n == 1 and values.shape[i] != 1)
            return values.sum(axis=ones, keepdims=True)

        grad_a = np.einsum("...ij,...kj->...ik", g, right)
        grad_b = np.einsum("...ji,...jk->...ik", left, g)
        return (Tensor(summed_to(grad_a, left.shape).reshape(a.shape)),
                Tensor(summed_to(grad_b, right.shape).reshape(b.shape)))
