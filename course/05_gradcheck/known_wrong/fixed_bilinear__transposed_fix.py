# visible: fails
# Weights the rows correctly but multiplies in the wrong order: a (Q, P) gradient for a (P, Q) weight.
class Bilinear(Function):
    @staticmethod
    def forward(ctx, x1, x2, weight):
        ctx.save_for_backward(x1, x2, weight)
        return (x1.mm(weight) * x2).sum(1)

    @staticmethod
    def backward(ctx, grad_output):
        x1, x2, weight = ctx.saved_tensors
        g = grad_output.unsqueeze(1)
        return g * x2.mm(weight.t()), g * x1.mm(weight), (g * x2).t().mm(x1)
