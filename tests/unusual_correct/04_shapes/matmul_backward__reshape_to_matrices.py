# unusual: makes every operand a batch of matrices with reshape, and sums the batch by hand with Tensor.sum
# visible: passes
class MatMul(Function):
    """``a @ b``. dA = G @ B^T, dB = A^T @ G (with 1-D and batch handling)."""

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return np.matmul(a.data, b.data)

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        left = a.reshape(1, a.shape[0]) if a.ndim == 1 else a
        right = b.reshape(b.shape[0], 1) if b.ndim == 1 else b
        out_shape = np.broadcast_shapes(left.shape[:-2], right.shape[:-2]) + (left.shape[-2], right.shape[-1])
        g = grad.reshape(out_shape)

        def summed_to(values, shape):
            extra = values.ndim - len(shape)
            if extra:
                values = values.sum(dim=tuple(range(extra)))
            ones = tuple(i for i, n in enumerate(shape) if n == 1 and values.shape[i] != 1)
            return values.sum(dim=ones, keepdim=True) if ones else values

        grad_a = summed_to(g @ right.transpose(-1, -2), left.shape).reshape(a.shape)
        grad_b = summed_to(left.transpose(-1, -2) @ g, right.shape).reshape(b.shape)
        first, second = grad_a, grad_b
        return (first if ctx.needs_input_grad[0] else None), (second if ctx.needs_input_grad[1] else None)
