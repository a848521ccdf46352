# visible: fails
# mistake: computes the weights as exp(a) / (exp(a) + exp(b))
# why: the same numbers on small inputs, but exp(1000) overflows to inf and inf / inf is nan.
# see: Exercise 6 · `LogAddExp` in both modes (3 points)
# hint: which form of the weight never exceeds 1 on the way?
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
        total = torch.exp(a) + torch.exp(b)
        return a_tangent * torch.exp(a) / total + b_tangent * torch.exp(b) / total
