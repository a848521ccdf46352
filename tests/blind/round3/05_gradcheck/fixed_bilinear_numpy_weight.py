# Wrong: the weight gradient is computed with numpy on .data, so with create_graph=True it has no graph and second derivatives through it are lost.
class Bilinear(Function):
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
        grad_weight = Tensor((x1.data * g.data).T @ x2.data)
        return grad_x1, grad_x2, grad_weight
