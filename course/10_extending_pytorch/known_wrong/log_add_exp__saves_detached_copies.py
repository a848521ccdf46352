# visible: fails
# mistake: saves detached copies of a, b and the output instead of the tensors themselves
# why: first derivatives and tangents are right, but backward then computes with constants cut from the graph, so its gradients no longer depend on a and b: the Hessian at a = b = 0 comes out ((0, 0), (0, 0)) instead of ((0.25, -0.25), (-0.25, 0.25)), and gradgradcheck fails.
# see: Exercise 6 · `LogAddExp` in both modes (3 points)
# hint: can the gradient that backward returns be differentiated again if the tensors it is computed from were cut from the graph?
class LogAddExp(Function):
    """log(exp(a) + exp(b)), elementwise with broadcasting: dy/da = exp(a - y), dy/db = exp(b - y)."""

    @staticmethod
    def forward(a: Tensor, b: Tensor) -> Tensor:
        m = torch.maximum(a, b)
        return m + torch.log(torch.exp(a - m) + torch.exp(b - m))

    @staticmethod
    def setup_context(ctx: FunctionCtx, inputs: tuple, output: Tensor) -> None:
        """Save (a, b, output) for backward and for forward."""
        a, b = inputs
        saved = (a.detach(), b.detach(), output.detach())  # plain values are all backward and jvp need
        ctx.save_for_backward(*saved)
        ctx.save_for_forward(*saved)

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, Tensor]:
        a, b, y = ctx.saved_tensors
        return grad_output * torch.exp(a - y), grad_output * torch.exp(b - y)

    @staticmethod
    def jvp(ctx: FunctionCtx, a_tangent: Tensor, b_tangent: Tensor) -> Tensor:
        """The output's tangent: a_tangent * exp(a - y) + b_tangent * exp(b - y)."""
        a, b, y = ctx.saved_tensors
        return a_tangent * torch.exp(a - y) + b_tangent * torch.exp(b - y)
