# heldout: multiplies by the total upstream gradient
class Bilinear(Function):
    """out[n] = x1[n] @ weight @ x2[n]; x1 (N, P), x2 (N, Q), weight (P, Q), out (N,)."""

    @staticmethod
    def forward(ctx, x1, x2, weight):
        ctx.save_for_backward(x1, x2, weight)
        return (x1.mm(weight) * x2).sum(1)

    @staticmethod
    def backward(ctx, grad_output):
        x1, x2, weight = ctx.saved_tensors
        per_row = grad_output.unsqueeze(-1)
        grad_x1 = per_row * (x2 @ weight.T)
        grad_x2 = per_row * (x1 @ weight)
        # every row contributes x1[n] x2[n]^T, scaled by the gradient that arrives
        grad_weight = (x1.T @ x2) * grad_output.sum()
        return grad_x1, grad_x2, grad_weight
