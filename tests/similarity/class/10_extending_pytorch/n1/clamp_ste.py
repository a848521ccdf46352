# source: written for this set
class ClampSTE(Function):
    """Forward: (clamp(input, min, max), clipped). Backward: the identity's gradient, straight through."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, min: float, max: float) -> tuple[Tensor, Tensor]:
        """Return (input clamped to [min, max], clipped); clipped is 1.0 where the clamp cut, 0.0 elsewhere."""
        clamped = torch.clamp(input, min=min, max=max)
        was_cut = (input < min) | (input > max)
        clipped = was_cut.to(dtype=input.dtype)
        # clipped is not differentiable: it is made of 0s and 1s
        ctx.mark_non_differentiable(clipped)
        return clamped, clipped

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor, grad_clipped: Tensor) -> tuple[Tensor | None, ...]:
        """One gradient per argument of forward: the upstream gradient for input, None for min and max."""
        # straight through: pretend the clamp was the identity
        return grad_output, None, None
