# source: tests/unusual_correct/10_extending_pytorch/softplus_function__saves_output.py
class Softplus(Function):
    @staticmethod
    def forward(ctx, input):
        output = torch.log1p(torch.exp(-input.abs())) + input.clamp(min=0)
        ctx.save_for_backward(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        (output,) = ctx.saved_tensors
        return -grad_output * torch.expm1(-output)
