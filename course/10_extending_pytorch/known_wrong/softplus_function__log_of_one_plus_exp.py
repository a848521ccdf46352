# visible: fails
# mistake: softplus computed as log(1 + exp(x)) literally
# why: exp overflows for large inputs: Softplus.apply(tensor([1000.0])) is inf instead of 1000 (float32 overflows already above x = 88).
# see: Exercise 4 · Softplus, twice and once (3 points)
# hint: What is exp(1000) in float64, and which form of softplus (or torch function) avoids computing it?
class Softplus(Function):
    """log(1 + exp(x)) with torch operations; its backward can be differentiated again."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor) -> Tensor:
        """softplus(input), elementwise."""
        ctx.save_for_backward(input)
        return torch.log(1 + torch.exp(input))

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> Tensor:
        """grad_output * sigmoid(input), recorded under create_graph=True."""
        (input,) = ctx.saved_tensors
        return grad_output * torch.sigmoid(input)
