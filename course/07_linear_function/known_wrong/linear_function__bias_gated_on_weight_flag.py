# visible: fails
# mistake: the bias gradient gated on the weight's flag (needs_input_grad[1]) instead of its own
# why: with a frozen weight and a trainable bias (weight.requires_grad False) the bias gets no gradient (None, b.grad stays None) instead of G summed over the batch; with a trainable weight and a frozen bias it is computed for nothing.
# see: Only what is needed
# hint: needs_input_grad has one entry per argument of forward, in order: which index belongs to the bias?
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
        output = input.mm(weight.t())
        if bias is not None:
            output = output + bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor | None, ...]:
        """(N, out) -> gradients of input, weight, bias (None where not needed or absent)."""
        input, weight, bias = ctx.saved_tensors
        grad_input = grad_weight = grad_bias = None
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and ctx.needs_input_grad[1]:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias
