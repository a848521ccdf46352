# source: written for this set
class FuncLinearFunction(Function):
    """``input @ weight.T + bias`` in the setup_context form, usable under torch.func.grad and vmap."""

    generate_vmap_rule = True  # vmap runs forward, setup_context and backward once, on batched tensors

    @staticmethod
    def forward(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
        """(N, in), (out, in), (out,) or None -> (N, out); no ctx, no in-place update."""
        result = torch.matmul(input, weight.transpose(0, 1))
        if bias is None:
            return result
        return result + bias

    @staticmethod
    def setup_context(ctx: FunctionCtx, inputs: tuple, output: Tensor) -> None:
        """Save (input, weight, bias) for backward; inputs = (input, weight, bias), bias possibly None."""
        saved_input = inputs[0]
        saved_weight = inputs[1]
        saved_bias = inputs[2] if len(inputs) > 2 else None
        ctx.save_for_backward(saved_input, saved_weight, saved_bias)

    backward = staticmethod(LinearFunction.backward)  # chapter 7's backward, unchanged
