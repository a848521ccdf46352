# visible: fails
# mistake: takes sigmoid(a) for the weight of a
# why: exp(a - y) = sigmoid(a - b): it equals sigmoid(a) only when b = 0, as in the first example.
# see: Forward mode in a custom Function
# hint: write exp(a - y) with y = log(exp(a) + exp(b)); what does b do?
class LogAddExp(Function):
    @staticmethod
    def forward(a, b):
        m = torch.maximum(a, b)
        return m + torch.log(torch.exp(a - m) + torch.exp(b - m))

    @staticmethod
    def setup_context(ctx, inputs, output):
        a, b = inputs
        ctx.save_for_backward(a, b, output)
        ctx.save_for_forward(a, b, output)

    @staticmethod
    def backward(ctx, grad_output):
        a, b, y = ctx.saved_tensors
        return grad_output * torch.exp(a - y), grad_output * torch.exp(b - y)

    @staticmethod
    def jvp(ctx, a_tangent, b_tangent):
        a, b, y = ctx.saved_tensors
        return a_tangent * torch.sigmoid(a) + b_tangent * torch.sigmoid(b)
