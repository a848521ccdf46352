# source: course/10_extending_pytorch/10_extending_pytorch.md, cell func_linear_function
class FuncLinearFunction(Function):
    """``input @ weight.T + bias`` in the setup_context form, usable under torch.func.grad and vmap."""

    generate_vmap_rule = True  # vmap runs forward, setup_context and backward once, on batched tensors

    @staticmethod
    def forward(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
        """(N, in), (out, in), (out,) or None -> (N, out); no ctx, no in-place update."""
        output = input.mm(weight.t())
        if bias is not None:
            output = output + bias
        return output

    @staticmethod
    def setup_context(ctx: FunctionCtx, inputs: tuple, output: Tensor) -> None:
        """Save (input, weight, bias) for backward; inputs = (input, weight, bias), bias possibly None."""
        input, weight, bias = inputs
        ctx.save_for_backward(input, weight, bias)

    backward = staticmethod(LinearFunction.backward)  # chapter 7's backward, unchanged
