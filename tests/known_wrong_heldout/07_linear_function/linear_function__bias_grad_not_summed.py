# heldout: the bias gradient is not summed
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
        y = input.mm(weight.T)
        if bias is not None:
            y = y + bias.unsqueeze(0).expand_as(y)
        return y

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor | None, ...]:
        """(N, out) -> gradients of input, weight, bias (None where not needed or absent)."""
        saved_input, saved_weight, saved_bias = ctx.saved_tensors
        results = [None, None, None]
        if ctx.needs_input_grad[0]:
            results[0] = grad_output.mm(saved_weight)
        if ctx.needs_input_grad[1]:
            results[1] = grad_output.T.mm(saved_input)
        if saved_bias is not None and ctx.needs_input_grad[2]:
            results[2] = grad_output
        return tuple(results)
