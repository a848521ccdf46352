# heldout: swaps the two weights
class LogAddExp(Function):
    @staticmethod
    def forward(a, b):
        m = torch.maximum(a, b)
        return m + torch.log(torch.exp(a - m) + torch.exp(b - m))

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0], inputs[1], output)
        ctx.save_for_forward(inputs[0], inputs[1], output)

    @staticmethod
    def backward(ctx, grad_output):
        a, b, y = ctx.saved_tensors
        return grad_output * torch.exp(a - y), grad_output * torch.exp(b - y)

    @staticmethod
    def jvp(ctx, ta, tb):
        a, b, y = ctx.saved_tensors
        wa, wb = torch.exp(a - y), torch.exp(b - y)
        return ta * wb + tb * wa
