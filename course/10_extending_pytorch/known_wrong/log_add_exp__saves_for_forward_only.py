# visible: fails
# mistake: saves for forward only
# why: backward reads ctx.saved_tensors from save_for_backward, which was never called: the reverse mode breaks.
# see: Forward mode in a custom Function
# hint: a Function that supports both modes saves for both.
class LogAddExp(Function):
    @staticmethod
    def forward(a, b):
        m = torch.maximum(a, b)
        return m + torch.log(torch.exp(a - m) + torch.exp(b - m))

    @staticmethod
    def setup_context(ctx, inputs, output):
        a, b = inputs
        ctx.save_for_forward(a, b, output)

    @staticmethod
    def backward(ctx, grad_output):
        a, b, y = ctx.saved_tensors
        return grad_output * torch.exp(a - y), grad_output * torch.exp(b - y)

    @staticmethod
    def jvp(ctx, a_tangent, b_tangent):
        a, b, y = ctx.saved_tensors
        return a_tangent * torch.exp(a - y) + b_tangent * torch.exp(b - y)
