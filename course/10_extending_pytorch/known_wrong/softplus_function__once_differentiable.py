# visible: fails
# mistake: a torch backward marked once_differentiable
# why: the decorator runs backward with recording off and makes a second derivative raise, although this backward could have been differentiated.
# see: When backward cannot be recorded: once_differentiable
# hint: once_differentiable is for a backward that cannot be recorded: is this one of them?
class Softplus(Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return F.softplus(input)

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        return grad_output * torch.sigmoid(input)
