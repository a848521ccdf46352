# source: assignments/10_extending_pytorch/10_extending_pytorch.ipynb, cell clamp_ste
class ClampSTE(Function):
    """Forward: (clamp(input, min, max), clipped). Backward: the identity's gradient, straight through."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, min: float, max: float) -> tuple[Tensor, Tensor]:
        """Return (input clamped to [min, max], clipped); clipped is 1.0 where the clamp cut, 0.0 elsewhere."""
        # YOUR CODE HERE
        raise NotImplementedError()

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor, grad_clipped: Tensor) -> tuple[Tensor | None, ...]:
        """One gradient per argument of forward: the upstream gradient for input, None for min and max."""
        # YOUR CODE HERE
        raise NotImplementedError()
