# source: assignments/10_extending_pytorch/10_extending_pytorch.ipynb, cell func_linear_function
class FuncLinearFunction(Function):
    """``input @ weight.T + bias`` in the setup_context form, usable under torch.func.grad and vmap."""

    generate_vmap_rule = True  # vmap runs forward, setup_context and backward once, on batched tensors

    @staticmethod
    def forward(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
        """(N, in), (out, in), (out,) or None -> (N, out); no ctx, no in-place update."""
        # YOUR CODE HERE
        raise NotImplementedError()

    @staticmethod
    def setup_context(ctx: FunctionCtx, inputs: tuple, output: Tensor) -> None:
        """Save (input, weight, bias) for backward; inputs = (input, weight, bias), bias possibly None."""
        # YOUR CODE HERE
        raise NotImplementedError()

    backward = staticmethod(LinearFunction.backward)  # chapter 7's backward, unchanged
