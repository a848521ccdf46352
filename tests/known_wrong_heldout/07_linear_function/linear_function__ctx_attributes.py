# heldout: tensors kept as ctx attributes
class LinearFunction(Function):
    """``output = input @ weight.T + bias``.

    Shapes: input (N, in), weight (out, in), bias (out,) or None, output (N, out).
    backward gets G of shape (N, out) and returns one gradient per input, shaped like that input:
    (N, in), (out, in), (out,), or None where it is not needed or there is no bias.
    """

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
        """(N, in), (out, in), (out,) or None -> (N, out); saves the inputs for backward."""
        ctx.inp = input
        ctx.w = weight
        ctx.b = bias
        y = input.mm(weight.t())
        if bias is not None:
            y = y + bias.unsqueeze(0).expand_as(y)
        return y

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor | None, ...]:
        """(N, out) -> gradients of input, weight, bias (None where not needed or absent)."""
        grads = []
        grads.append(grad_output.mm(ctx.w) if ctx.needs_input_grad[0] else None)
        grads.append(grad_output.t().mm(ctx.inp) if ctx.needs_input_grad[1] else None)
        if ctx.b is not None and ctx.needs_input_grad[2]:
            grads.append(grad_output.sum(0))
        else:
            grads.append(None)
        return tuple(grads)
