# source: course/05_gradcheck/05_gradcheck.md, cell fixed_bilinear
class Bilinear(Function):
    """out[n] = x1[n] @ weight @ x2[n]; x1 (N, P), x2 (N, Q), weight (P, Q), out (N,)."""

    @staticmethod
    def forward(ctx, x1, x2, weight):
        ctx.save_for_backward(x1, x2, weight)
        return (x1.mm(weight) * x2).sum(1)

    @staticmethod
    def backward(ctx, grad_output):
        x1, x2, weight = ctx.saved_tensors
        g = grad_output.unsqueeze(1)  # (N, 1): one upstream gradient per row
        grad_x1 = g * x2.mm(weight.t())  # (N, P)
        grad_x2 = g * x1.mm(weight)  # (N, Q)
        grad_weight = x1.t().mm(g * x2)  # (P, Q): each row of x2 weighted by its gradient
        return grad_x1, grad_x2, grad_weight
