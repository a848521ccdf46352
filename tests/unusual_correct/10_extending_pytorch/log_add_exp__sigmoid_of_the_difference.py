# unusual: the weights as sigmoid(a - b) and sigmoid(b - a), saved once as a tuple, and jvp returns a tuple of one
# visible: passes
class LogAddExp(Function):
    @staticmethod
    def forward(a, b):
        m = torch.maximum(a, b)
        return m + torch.log(torch.exp(a - m) + torch.exp(b - m))

    @staticmethod
    def setup_context(ctx, inputs, output):
        saved = (*inputs, output)
        ctx.save_for_backward(*saved)
        ctx.save_for_forward(*saved)

    @staticmethod
    def backward(ctx, grad_output):
        a, b, y = ctx.saved_tensors
        return grad_output * torch.exp(a - y), grad_output * torch.exp(b - y)

    @staticmethod
    def jvp(ctx, a_tangent, b_tangent):
        a, b, _ = ctx.saved_tensors
        return (a_tangent * torch.sigmoid(a - b) + b_tangent * torch.sigmoid(b - a),)
