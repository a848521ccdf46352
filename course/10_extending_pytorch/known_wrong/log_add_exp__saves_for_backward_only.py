# visible: fails
# mistake: saves for backward only
# why: inside jvp, ctx.saved_tensors holds what save_for_forward kept: nothing, so unpacking (a, b, y) fails.
# see: Forward mode in a custom Function
# hint: which ctx method keeps tensors for jvp?
class LogAddExp(Function):
    @staticmethod
    def forward(a, b):
        m = torch.maximum(a, b)
        return m + torch.log(torch.exp(a - m) + torch.exp(b - m))

    @staticmethod
    def setup_context(ctx, inputs, output):
        a, b = inputs
        ctx.save_for_backward(a, b, output)

    @staticmethod
    def backward(ctx, grad_output):
        a, b, y = ctx.saved_tensors
        return grad_output * torch.exp(a - y), grad_output * torch.exp(b - y)

    @staticmethod
    def jvp(ctx, a_tangent, b_tangent):
        a, b, y = ctx.saved_tensors
        return a_tangent * torch.exp(a - y) + b_tangent * torch.exp(b - y)
