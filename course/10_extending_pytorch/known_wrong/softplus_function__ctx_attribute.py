# visible: fails
# mistake: the input kept as an attribute of ctx
# why: the numbers are right, but torch neither frees nor checks an attribute, so a second backward through a freed graph runs instead of raising.
# see: What a second derivative needs
# hint: which ctx method is meant for tensors, and what does it do after backward?
class Softplus(Function):
    @staticmethod
    def forward(ctx, input):
        ctx.input = input
        return F.softplus(input)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * torch.sigmoid(ctx.input)
