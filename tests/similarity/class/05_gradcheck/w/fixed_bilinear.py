# copy of n1: rename, recomment, reorder
class Bilinear(Function):
    """out[n] = x1[n] @ weight @ x2[n]; x1 (N, P), x2 (N, Q), weight (P, Q), out (N,)."""

    @staticmethod
    def forward(ctx, x1, x2, weight):
        ctx.save_for_backward(x1, x2, weight)
        return (x1.mm(weight) * x2).sum(1)

    @staticmethod
    def backward(ctx, grad_output):
        x1, x2, weight = ctx.saved_tensors
        col = grad_output.reshape(-1, 1)
        gx2 = x1.mm(weight) * col
        wx2 = x2 * col
        gw = x1.t().mm(wx2)
        gx1 = wx2.mm(weight.t())
        return gx1, gx2, gw
