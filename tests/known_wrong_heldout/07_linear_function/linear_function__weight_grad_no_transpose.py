# heldout: weight gradient without a transpose
class LinearFunction(Function):
    """``output = input @ weight.T + bias``.

    Shapes: input (N, in), weight (out, in), bias (out,) or None, output (N, out).
    backward gets G of shape (N, out) and returns one gradient per input, shaped like that input:
    (N, in), (out, in), (out,), or None where it is not needed or there is no bias.
    """

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
        """(N, in), (out, in), (out,) or None -> (N, out); saves the inputs for backward."""
        ctx.save_for_backward(input, weight, bias)
        product = input.mm(weight.t())
        if bias is None:
            return product
        return product + bias.unsqueeze(0).expand_as(product)

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor | None, ...]:
        """(N, out) -> gradients of input, weight, bias (None where not needed or absent)."""
        inp, w, bias = ctx.saved_tensors
        g_in = grad_output @ w if ctx.needs_input_grad[0] else None
        # sum over the batch of x[n, i] * G[n, o]
        g_w = inp.T @ grad_output if ctx.needs_input_grad[1] else None
        g_b = grad_output.sum(0) if (bias is not None and ctx.needs_input_grad[2]) else None
        return g_in, g_w, g_b
