# visible: fails
# mistake: checks needs_input_grad[1] for the weight
# why: a copy-paste slip guards the weight gradient with the flag of x2, so when x2 does not require grad the weight gets no gradient.
# see: Exercise 4 · Fix the planted bug (2 points)
# hint: which index of ctx.needs_input_grad belongs to the weight, the third argument of forward?
class Bilinear(Function):
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
            grad_x1 = g * x2.mm(weight.t())
        if ctx.needs_input_grad[1]:
            grad_x2 = g * x1.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = x1.t().mm(g * x2)
        return grad_x1, grad_x2, grad_weight
