# heldout: the weight gradient transposed
class Bilinear(Function):
    """out[n] = x1[n] @ weight @ x2[n]; x1 (N, P), x2 (N, Q), weight (P, Q), out (N,)."""

    @staticmethod
    def forward(ctx, x1, x2, weight):
        ctx.save_for_backward(x1, x2, weight)
        return (x1.mm(weight) * x2).sum(1)

    @staticmethod
    def backward(ctx, grad_output):
        x1, x2, weight = ctx.saved_tensors
        g = grad_output.reshape(grad_output.shape[0], 1)
        weighted_x2 = x2 * g  # (N, Q)
        grad_x1 = g * weight.mm(x2.t()).t()
        grad_x2 = g * x1.mm(weight)
        grad_weight = weighted_x2.t().mm(x1)
        return grad_x1, grad_x2, grad_weight
