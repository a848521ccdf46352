# visible: fails
# mistake: the weight gradient transposed
# why: (g * x2).T @ x1 has shape (Q, P), but the weight has shape (P, Q).
# see: Exercise 4 · Fix the planted bug (2 points)
# hint: a gradient has the shape of its input: which product gives (P, Q)?
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
