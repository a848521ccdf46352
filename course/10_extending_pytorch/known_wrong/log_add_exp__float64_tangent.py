# visible: fails
# mistake: builds the weights in float64 whatever the inputs' dtype
# why: a float32 input then gets a float64 tangent, which torch's forward mode refuses or casts, unlike the output.
# see: Exercise 6 · `LogAddExp` in both modes (3 points)
# hint: which dtype do a, b and y have?
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
        wa, wb = torch.exp((a - y).double()), torch.exp((b - y).double())
        return (a_tangent * wa + b_tangent * wb).to(torch.float64)
