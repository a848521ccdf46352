# heldout: transposed weight in the input gradient
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
        out = input @ weight.t()
        if bias is not None:
            out = out + bias.unsqueeze(0)
        return out

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor | None, ...]:
        """(N, out) -> gradients of input, weight, bias (None where not needed or absent)."""
        X, W, b = ctx.saved_tensors
        dX = dW = db = None
        if ctx.needs_input_grad[0]:
            dX = grad_output @ W.t()
        if ctx.needs_input_grad[1]:
            dW = grad_output.t() @ X
        if b is not None:
            if ctx.needs_input_grad[2]:
                db = grad_output.sum(0)
        return dX, dW, db
