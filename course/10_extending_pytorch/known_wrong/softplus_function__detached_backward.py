# visible: fails
# mistake: detaches in backward
# why: .detach() cuts the gradient from the graph, so under create_graph=True it has no history and cannot be differentiated again.
# see: What a second derivative needs
# hint: under create_graph=True torch records backward: what does .detach() do to that record?
class Softplus(Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return F.softplus(input)

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        return (grad_output * torch.sigmoid(input)).detach()
