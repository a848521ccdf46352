# Wrong: the weight gradient is scaled by the sum of the upstream gradients instead of weighting each row by its own g[n].
class Bilinear(Function):
    @staticmethod
    def forward(ctx, x1, x2, weight):
        ctx.save_for_backward(x1, x2, weight)
        return (x1.mm(weight) * x2).sum(1)

    @staticmethod
    def backward(ctx, grad_output):
        x1, x2, weight = ctx.saved_tensors
        g = grad_output.unsqueeze(1)
        grad_x1 = g * x2.mm(weight.t())
        grad_x2 = g * x1.mm(weight)
        grad_weight = x1.t().mm(x2) * grad_output.sum()
        return grad_x1, grad_x2, grad_weight
