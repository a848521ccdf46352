# copy of n1: rename, recomment, reorder
class MatMul(Function):
    """``a @ b``. dA = G @ B^T, dB = A^T @ G (with 1-D and batch handling)."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return np.matmul(a.data, b.data)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        bv = b.ndim == 1
        av = a.ndim == 1
        g = grad
        bm = b
        am = a
        if av:
            am = a.reshape(1, a.shape[0])
            g = g.unsqueeze(-2)
        if bv:
            bm = b.reshape(b.shape[0], 1)
            g = g.unsqueeze(-1)
        ga = None
        gb = None
        if ctx.needs_input_grad[1]:
            t = am.transpose(-1, -2) @ g
            gb = unbroadcast(t, bm.shape).reshape(b.shape)
        if ctx.needs_input_grad[0]:
            t = g @ bm.transpose(-1, -2)
            ga = unbroadcast(t, am.shape).reshape(a.shape)
        return ga, gb
