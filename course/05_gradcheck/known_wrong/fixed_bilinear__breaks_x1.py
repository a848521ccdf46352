# visible: fails
# mistake: drops the transpose in the x1 gradient
# why: x2 @ weight multiplies (N, Q) by (P, Q): the shapes only fit when P == Q, and even then the numbers are wrong; the x1 gradient needs W x2[n], that is x2 @ weight.T.
# see: Finding a bug
# hint: what shape must the gradient of x1 have, and which factor must be transposed to get it?
class Bilinear(Function):
    @staticmethod
    def forward(ctx, x1, x2, weight):
        ctx.save_for_backward(x1, x2, weight)
        return (x1.mm(weight) * x2).sum(1)

    @staticmethod
    def backward(ctx, grad_output):
        x1, x2, weight = ctx.saved_tensors
        g = grad_output.unsqueeze(1)
        return g * x2.mm(weight), g * x1.mm(weight), x1.t().mm(g * x2)
