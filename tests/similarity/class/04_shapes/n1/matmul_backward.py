# source: written for this set
class MatMul(Function):
    """``a @ b``. dA = G @ B^T, dB = A^T @ G (with 1-D and batch handling)."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return np.matmul(a.data, b.data)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        a_was_vector = a.ndim == 1
        b_was_vector = b.ndim == 1
        # make both inputs (and the gradient) matrices first
        a_matrix = a
        b_matrix = b
        grad_matrix = grad
        if a_was_vector:
            a_matrix = a.reshape(1, a.shape[0])
            grad_matrix = grad_matrix.unsqueeze(-2)
        if b_was_vector:
            b_matrix = b.reshape(b.shape[0], 1)
            grad_matrix = grad_matrix.unsqueeze(-1)
        grad_a = None
        grad_b = None
        if ctx.needs_input_grad[0]:
            full = grad_matrix @ b_matrix.transpose(-1, -2)
            grad_a = unbroadcast(full, a_matrix.shape).reshape(a.shape)
        if ctx.needs_input_grad[1]:
            full = a_matrix.transpose(-1, -2) @ grad_matrix
            grad_b = unbroadcast(full, b_matrix.shape).reshape(b.shape)
        return grad_a, grad_b
