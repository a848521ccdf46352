# source: written for this set
class LeakyReLUFunction(Function):
    @staticmethod
    def forward(ctx, input, negative_slope=0.01):
        ctx.save_for_backward(input)
        ctx.s = negative_slope
        return torch.maximum(input, input * negative_slope) if negative_slope <= 1 else torch.where(input > 0, input, input * negative_slope)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.where(x > 0, 1.0, ctx.s).to(grad_output.dtype), None
