# visible: fails
# mistake: the gradients rebuilt from numpy arrays
# why: every value and shape is right, but the gradients are new Tensors made from their .data: they have no graph, so with create_graph=True nothing can be differentiated through them.
# see: Exercise 4 · the backward of `MatMul` (3 points)
# hint: which operations does the exercise ask for, so that the gradients can be differentiated again?
class MatMul(Function):
    """``a @ b``. dA = G @ B^T, dB = A^T @ G (with 1-D and batch handling)."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return np.matmul(a.data, b.data)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor):
        a, b = ctx.saved_tensors
        a2 = a.unsqueeze(0) if a.ndim == 1 else a
        b2 = b.unsqueeze(-1) if b.ndim == 1 else b
        if b.ndim == 1:
            grad = grad.unsqueeze(-1)
        if a.ndim == 1:
            grad = grad.unsqueeze(-2)
        grad_a = unbroadcast(grad @ b2.mT, a2.shape).reshape(a.shape)
        grad_b = unbroadcast(a2.mT @ grad, b2.shape).reshape(b.shape)
        first, second = Tensor(np.array(grad_a.data)), Tensor(np.array(grad_b.data))
        return (first if ctx.needs_input_grad[0] else None), (second if ctx.needs_input_grad[1] else None)
