# heldout: the bias has no default
class FuncLinearFunction(Function):
    """``input @ weight.T + bias`` in the setup_context form, usable under torch.func.grad and vmap."""

    generate_vmap_rule = True  # vmap runs forward, setup_context and backward once, on batched tensors

    @staticmethod
    def forward(input: Tensor, weight: Tensor, bias: Tensor | None) -> Tensor:
        """(N, in), (out, in), (out,) or None -> (N, out); no ctx, no in-place update."""
        out = torch.matmul(input, weight.t())
        return out if bias is None else out + bias

    @staticmethod
    def setup_context(ctx: FunctionCtx, inputs: tuple, output: Tensor) -> None:
        """Save (input, weight, bias) for backward; inputs = (input, weight, bias), bias possibly None."""
        ctx.save_for_backward(*inputs)

    backward = staticmethod(LinearFunction.backward)  # chapter 7's backward, unchanged
