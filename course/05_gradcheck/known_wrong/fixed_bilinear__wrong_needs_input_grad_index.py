# visible: passes
# Guards each gradient with ctx.needs_input_grad, but a copy-paste slip checks index 1 for the weight.
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
