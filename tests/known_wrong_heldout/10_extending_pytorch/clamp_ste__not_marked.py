# heldout: clipped is not marked
class ClampSTE(Function):
    """Forward: (clamp(input, min, max), clipped). Backward: the identity's gradient, straight through."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, min: float, max: float) -> tuple[Tensor, Tensor]:
        """Return (input clamped to [min, max], clipped); clipped is 1.0 where the clamp cut, 0.0 elsewhere."""
        below = input < min
        above = input > max
        clipped = (below | above).to(dtype=input.dtype)
        return input.clamp(min=min, max=max), clipped

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor, grad_clipped: Tensor) -> tuple[Tensor | None, ...]:
        """One gradient per argument of forward: the upstream gradient for input, None for min and max."""
        return grad_output, None, None
