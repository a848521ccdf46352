# heldout: picks whole columns
class CrossEntropy(Function):
    """Mean cross-entropy of logits (N, C) and integer classes (N,); backward (softmax - onehot) / N."""

    @staticmethod
    def forward(ctx: FunctionCtx, logits: Tensor, target: Any) -> Tensor:
        k = np.asarray(target.data if isinstance(target, Tensor) else target)
        out = log_softmax(logits, 1)
        ctx.save_for_backward(out)
        ctx.k = k
        return -out[:, k].sum() / logits.shape[0]

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (out,) = ctx.saved_tensors
        hot = np.zeros(out.shape)
        hot[:, ctx.k] = 1.0
        return (out.exp() - Tensor(hot)) * (grad_output / out.shape[0]), None
