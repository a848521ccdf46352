# source: written for this set
class Bilinear(Function):
    """out[n] = x1[n] @ weight @ x2[n]; x1 (N, P), x2 (N, Q), weight (P, Q), out (N,)."""

    @staticmethod
    def forward(ctx, x1, x2, weight):
        ctx.save_for_backward(x1, x2, weight)
        return (x1.mm(weight) * x2).sum(1)

    @staticmethod
    def backward(ctx, grad_output):
        x1, x2, weight = ctx.saved_tensors
        # one gradient per sample, as a column so it broadcasts over the features
        per_sample = grad_output.reshape(-1, 1)
        weighted_x2 = x2 * per_sample
        grad_x1 = weighted_x2.mm(weight.t())
        grad_x2 = x1.mm(weight) * per_sample
        grad_weight = x1.t().mm(weighted_x2)
        return grad_x1, grad_x2, grad_weight
