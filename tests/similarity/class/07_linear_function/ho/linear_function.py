# source: tests/known_wrong_heldout/07_linear_function/linear_function__bias_grad_mean.py
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
        result = input @ weight.T
        return result if bias is None else result + bias

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor | None, ...]:
        """(N, out) -> gradients of input, weight, bias (None where not needed or absent)."""
        x, w, b = ctx.saved_tensors
        need_x, need_w = ctx.needs_input_grad[0], ctx.needs_input_grad[1]
        gx = grad_output @ w if need_x else None
        gw = grad_output.T @ x if need_w else None
        gb = None
        if b is not None and ctx.needs_input_grad[2]:
            # one bias value per output, averaged over the batch
            gb = grad_output.mean(0)
        return gx, gw, gb
