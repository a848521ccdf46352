# visible: fails
# mistake: multiplies by the total upstream gradient
# why: scaling x1.T @ x2 by sum(g) weights every row n by the same number; each row must be weighted by its own g[n].
# see: Exercise 4 · Fix the planted bug (2 points)
# hint: in the sum over n of g[n] x1[n] x2[n]^T, which factor carries the index n?
class Bilinear(Function):
    @staticmethod
    def forward(ctx, x1, x2, weight):
        ctx.save_for_backward(x1, x2, weight)
        return (x1.mm(weight) * x2).sum(1)

    @staticmethod
    def backward(ctx, grad_output):
        x1, x2, weight = ctx.saved_tensors
        g = grad_output.unsqueeze(1)
        return g * x2.mm(weight.t()), g * x1.mm(weight), x1.t().mm(x2) * grad_output.sum()
