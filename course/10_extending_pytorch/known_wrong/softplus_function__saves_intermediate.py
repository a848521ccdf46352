# visible: fails
# mistake: saves sigmoid(x), computed in forward
# why: forward records nothing, so the saved sigmoid is a constant; the first derivative is right, the second loses its dependence on x.
# see: What a second derivative needs
# hint: which saved tensors stay linked to the input when backward is differentiated again?
class Softplus(Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(torch.sigmoid(input))
        return F.softplus(input)

    @staticmethod
    def backward(ctx, grad_output):
        (sigmoid,) = ctx.saved_tensors
        return grad_output * sigmoid
