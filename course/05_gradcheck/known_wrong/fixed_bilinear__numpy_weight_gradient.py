# visible: fails
# mistake: the weight gradient computed with numpy
# why: the values are right, but grad_weight is a new Tensor made from numpy arrays, with no graph, so with create_graph=True nothing is differentiated through it and the second derivatives that go through the weight's gradient are lost.
# see: Exercise 4 · Fix the planted bug (2 points)
# hint: which operations does the exercise allow in backward, for every one of the three gradients?
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
        grad_x1 = g * x2.mm(weight.t())
        grad_x2 = g * x1.mm(weight)
        grad_weight = autograd_lib.Tensor(x1.data.T @ (g.data * x2.data))
        return grad_x1, grad_x2, grad_weight
