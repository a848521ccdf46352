# source: written for this set
class Bilinear(Function):
    @staticmethod
    def forward(ctx, x1, x2, weight):
        ctx.save_for_backward(x1, x2, weight)
        return (x1.mm(weight) * x2).sum(1)

    @staticmethod
    def backward(ctx, grad_output):
        a, b, w = ctx.saved_tensors
        g = grad_output.unsqueeze(-1)
        return (g * b) @ w.T, (g * a) @ w, a.T @ (g * b)
