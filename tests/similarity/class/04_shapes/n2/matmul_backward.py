# copy of u2: rename, recomment, .matmul turned into @
class MatMul(Function):
    """``a @ b``. dA = G @ B^T, dB = A^T @ G (with 1-D and batch handling)."""

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return np.matmul(a.data, b.data)

    @staticmethod
    def backward(ctx, grad):
        x, y = ctx.saved_tensors
        # vectors become matrices with one row / one column
        xm = x.reshape(1, x.shape[0]) if x.ndim == 1 else x
        ym = y.reshape(y.shape[0], 1) if y.ndim == 1 else y
        bs = np.broadcast_shapes(xm.shape[:-2], ym.shape[:-2])
        g = grad.reshape(*bs, xm.shape[-2], ym.shape[-1])
        gx = gy = None
        if ctx.needs_input_grad[0]:
            gx = unbroadcast(g @ ym.transpose(-1, -2), xm.shape).reshape(x.shape)
        if ctx.needs_input_grad[1]:
            gy = unbroadcast(xm.transpose(-1, -2) @ g, ym.shape).reshape(y.shape)
        return gx, gy
