# visible: fails
# mistake: the planted bug is still there
# why: the weight gradient x1.T @ x2 ignores grad_output, so it is right only when every upstream gradient is 1.
# see: Finding a bug
# hint: which of the three gradients never uses g?
class Bilinear(Function):
    @staticmethod
    def forward(ctx, x1, x2, weight):
        ctx.save_for_backward(x1, x2, weight)
        return (x1.mm(weight) * x2).sum(1)

    @staticmethod
    def backward(ctx, grad_output):
        x1, x2, weight = ctx.saved_tensors
        g = grad_output.unsqueeze(1)
        return g * x2.mm(weight.t()), g * x1.mm(weight), x1.t().mm(x2)
