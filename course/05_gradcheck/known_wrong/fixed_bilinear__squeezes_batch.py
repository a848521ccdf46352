# visible: fails
# mistake: squeezes grad_output
# why: grad_output.squeeze() turns a batch of one row into a 0-d tensor, and unsqueeze(1) then fails: a batch of size 1 breaks.
# see: Exercise 4 · Fix the planted bug (2 points)
# hint: which shape does grad_output have when N = 1, and does it need squeezing at all?
class Bilinear(Function):
    @staticmethod
    def forward(ctx, x1, x2, weight):
        ctx.save_for_backward(x1, x2, weight)
        return (x1.mm(weight) * x2).sum(1)

    @staticmethod
    def backward(ctx, grad_output):
        x1, x2, weight = ctx.saved_tensors
        g = grad_output.squeeze().unsqueeze(1)
        return g * x2.mm(weight.t()), g * x1.mm(weight), x1.t().mm(g * x2)
