# source: tests/unusual_correct/05_gradcheck/layer_norm__full_jacobian_matmul.py
class LayerNormFunction(Function):
    @staticmethod
    def forward(ctx, x, eps=1e-5):
        ctx.save_for_backward(x)
        ctx.eps = eps
        y, _ = _standardise(x, eps)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        y, std = _standardise(x, ctx.eps)
        d = x.shape[-1]
        eye = Tensor(np.eye(d))
        jacobian = (eye - 1.0 / d - y.unsqueeze(-1) * y.unsqueeze(-2) / d) / std.unsqueeze(-1)
        grad_x = (grad_output.unsqueeze(-2) @ jacobian).squeeze(-2)
        return grad_x, None
