# heldout: a sum, not a mean
class CrossEntropy(Function):
    """Mean cross-entropy of logits (N, C) and integer classes (N,); backward (softmax - onehot) / N."""

    @staticmethod
    def forward(ctx: FunctionCtx, logits: Tensor, target: Any) -> Tensor:
        cls = np.asarray(target.data if isinstance(target, Tensor) else target)
        log_p = log_softmax(logits, 1)
        ctx.save_for_backward(log_p)
        ctx.cls = cls
        return -log_p[np.arange(logits.shape[0]), cls].sum()

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (log_p,) = ctx.saved_tensors
        n = log_p.shape[0]
        indicator = np.zeros(log_p.shape)
        indicator[np.arange(n), ctx.cls] = 1.0
        return (log_p.exp() - Tensor(indicator)) * grad_output, None
