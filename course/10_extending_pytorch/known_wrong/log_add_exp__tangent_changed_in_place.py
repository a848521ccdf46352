# visible: fails
# mistake: multiplies the incoming tangents in place (a_tangent.mul_(...)) to save memory
# why: jvp receives tangent tensors that are not its own: torch.func.jvp refuses the in-place mul_ ("would mutate a captured Tensor"), a b-shaped (3,) tangent cannot hold the broadcast (2, 3) product, and gradcheck's forward-mode Jacobian comes out wrong (off-diagonal 0.22 where 0 is due) because the overwritten tangent is used again.
# see: Exercise 6 · `LogAddExp` in both modes (3 points)
# hint: Whose tensors are a_tangent and b_tangent, and may jvp change them?
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
        ctx.save_for_backward(a, b, output)
        ctx.save_for_forward(a, b, output)

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, Tensor]:
        a, b, y = ctx.saved_tensors
        return grad_output * torch.exp(a - y), grad_output * torch.exp(b - y)

    @staticmethod
    def jvp(ctx: FunctionCtx, a_tangent: Tensor, b_tangent: Tensor) -> Tensor:
        """The output's tangent: a_tangent * exp(a - y) + b_tangent * exp(b - y)."""
        a, b, y = ctx.saved_tensors
        return a_tangent.mul_(torch.exp(a - y)).add_(b_tangent * torch.exp(b - y))
