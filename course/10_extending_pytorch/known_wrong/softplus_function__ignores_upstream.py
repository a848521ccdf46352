# visible: fails
# mistake: the upstream gradient is dropped
# why: sigmoid(x) is the local derivative; with a loss that is a plain sum the upstream gradient is 1 and nothing shows, with any other it is wrong.
# see: Exercise 4 · Softplus, twice and once (3 points)
# hint: what does the chain rule multiply the local derivative by?
class Softplus(Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return F.softplus(input)

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        return torch.sigmoid(input)
