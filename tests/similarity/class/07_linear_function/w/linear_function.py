# copy of n1: rename, recomment, reorder
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
        wt = weight.t()
        res = input.mm(wt)
        if bias is not None:
            res = res + bias.unsqueeze(0).expand_as(res)
        return res

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor | None, ...]:
        """(N, out) -> gradients of input, weight, bias (None where not needed or absent)."""
        x, w, b = ctx.saved_tensors
        nb = b is not None and ctx.needs_input_grad[2]
        nw = ctx.needs_input_grad[1]
        nx = ctx.needs_input_grad[0]
        gb = None
        gw = None
        gx = None
        if nx:
            gx = grad_output.mm(w)
        if nw:
            gw = grad_output.t().mm(x)
        if nb:
            gb = grad_output.sum(0)
        return gx, gw, gb
