# source: tests/unusual_correct/05_gradcheck/fixed_bilinear__outer_products.py
class Bilinear(Function):
    @staticmethod
    def forward(ctx, x1, x2, weight):
        ctx.save_for_backward(x1, x2, weight)
        return (x1.mm(weight) * x2).sum(1)

    @staticmethod
    def backward(ctx, grad_output):
        x1, x2, weight = ctx.saved_tensors
        g = grad_output.unsqueeze(1)
        grad_x1 = weight.mm(x2.t()).t() * g
        grad_x2 = (x1 * g).mm(weight)
        grad_weight = (x1.unsqueeze(2) * (x2 * g).unsqueeze(1)).sum(0)
        return grad_x1, grad_x2, grad_weight
