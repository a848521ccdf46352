# heldout: numpy-only targets
class CrossEntropy(Function):
    """Mean cross-entropy of logits (N, C) and integer classes (N,); backward (softmax - onehot) / N."""

    @staticmethod
    def forward(ctx: FunctionCtx, logits: Tensor, target: Any) -> Tensor:
        labels = target.astype(np.int64)
        logq = log_softmax(logits, 1)
        ctx.save_for_backward(logq)
        ctx.labels = labels
        n = logits.shape[0]
        return -logq[np.arange(n), labels].sum() / n

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (logq,) = ctx.saved_tensors
        n = logq.shape[0]
        hot = np.zeros(logq.shape)
        hot[np.arange(n), ctx.labels] = 1.0
        return grad_output * (logq.exp() - Tensor(hot)) / n, None
