# source: tests/known_wrong_heldout/05_gradcheck/fixed_bilinear__bug_left_in.py
class Bilinear(Function):
    """out[n] = x1[n] @ weight @ x2[n]; x1 (N, P), x2 (N, Q), weight (P, Q), out (N,)."""

    @staticmethod
    def forward(ctx, x1, x2, weight):
        ctx.save_for_backward(x1, x2, weight)
        return (x1.mm(weight) * x2).sum(1)

    @staticmethod
    def backward(ctx, grad_output):
        a, b, W = ctx.saved_tensors
        col = grad_output.reshape(-1, 1)  # (N, 1)
        d_a = (b @ W.t()) * col
        d_b = (a @ W) * col
        d_W = a.t() @ b
        return d_a, d_b, d_W
