# visible: fails
# mistake: swaps the two weights
# why: the tangent of a must be weighted by dy/da = exp(a - y), not by exp(b - y); the two agree only where a = b.
# see: Exercise 6 · `LogAddExp` in both modes (3 points)
# hint: which weight belongs to which input?
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
        return a_tangent * torch.exp(b - y) + b_tangent * torch.exp(a - y)
