# copy of n1: rename, recomment
class ClampSTE(Function):
    """Forward: (clamp(input, min, max), clipped). Backward: the identity's gradient, straight through."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, min: float, max: float) -> tuple[Tensor, Tensor]:
        """Return (input clamped to [min, max], clipped); clipped is 1.0 where the clamp cut, 0.0 elsewhere."""
        c = torch.clamp(input, min=min, max=max)
        cut = (input < min) | (input > max)
        flags = cut.to(dtype=input.dtype)
        ctx.mark_non_differentiable(flags)
        return c, flags

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor, grad_clipped: Tensor) -> tuple[Tensor | None, ...]:
        """One gradient per argument of forward: the upstream gradient for input, None for min and max."""
        return grad_output, None, None
