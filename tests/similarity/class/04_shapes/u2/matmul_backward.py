# source: tests/unusual_correct/04_shapes/matmul_backward__reshape_to_full_product.py
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
        batch = np.broadcast_shapes(left.shape[:-2], right.shape[:-2])
        grad = grad.reshape(*batch, left.shape[-2], right.shape[-1])
        grad_a = grad_b = None
        if ctx.needs_input_grad[0]:
            grad_a = unbroadcast(grad.matmul(right.transpose(-1, -2)), left.shape).reshape(a.shape)
        if ctx.needs_input_grad[1]:
            grad_b = unbroadcast(left.transpose(-1, -2).matmul(grad), right.shape).reshape(b.shape)
        return grad_a, grad_b
