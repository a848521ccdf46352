# copy of u1: rename, recomment
class Softplus(Function):
    @staticmethod
    def forward(ctx, input):
        # stable: log1p(exp(-|x|)) + max(x, 0)
        y = torch.log1p(torch.exp(-input.abs())) + input.clamp(min=0)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        (y,) = ctx.saved_tensors
        return -grad_output * torch.expm1(-y)  # sigmoid(x) = 1 - exp(-softplus(x))
