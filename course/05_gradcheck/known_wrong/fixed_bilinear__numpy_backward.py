# visible: fails
# mistake: backward computed with numpy
# why: the gradients are computed on .data with numpy and wrapped in new Tensors, so the engine records nothing and create_graph=True gives gradients that cannot be differentiated.
# see: Exercise 4 · Fix the planted bug (2 points)
# hint: which operations does the engine record when create_graph=True?
class Bilinear(Function):
    @staticmethod
    def forward(ctx, x1, x2, weight):
        ctx.save_for_backward(x1, x2, weight)
        return (x1.mm(weight) * x2).sum(1)

    @staticmethod
    def backward(ctx, grad_output):
        x1, x2, weight = ctx.saved_tensors
        g = grad_output.data[:, None]
        grad_x1 = Tensor(g * (x2.data @ weight.data.T))
        grad_x2 = Tensor(g * (x1.data @ weight.data))
        grad_weight = Tensor(x1.data.T @ (g * x2.data))
        return grad_x1, grad_x2, grad_weight
