# copy of u3: rename, recomment, .T instead of transpose and permute
class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight, bias)
        y = weight.mm(input.T).T  # (W X^T)^T
        if bias is not None:
            y = y + bias.unsqueeze(0)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        x, w, b = ctx.saved_tensors
        nx, nw = ctx.needs_input_grad[:2]
        gx = gw = gb = None
        if nx:
            gx = w.T.mm(grad_output.T).T
        if nw:
            gw = x.T.matmul(grad_output).T
        if b is not None and ctx.needs_input_grad[2]:
            gb = grad_output.T.sum(dim=1)
        return gx, gw, gb
