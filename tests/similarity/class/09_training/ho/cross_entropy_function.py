# source: tests/known_wrong_heldout/09_training/cross_entropy_function__ignores_grad_output.py
class CrossEntropy(Function):
    """Mean cross-entropy of logits (N, C) and integer classes (N,); backward (softmax - onehot) / N."""

    @staticmethod
    def forward(ctx: FunctionCtx, logits: Tensor, target: Any) -> Tensor:
        labels = np.asarray(target.data if isinstance(target, Tensor) else target).astype(np.int64)
        logp = log_softmax(logits, 1)
        count = logits.shape[0]
        ctx.save_for_backward(logp)
        ctx.labels = labels
        chosen = logp[np.arange(count), labels]
        return -(chosen.sum()) / count

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (logp,) = ctx.saved_tensors
        count, width = logp.shape
        truth = np.eye(width)[ctx.labels]
        return (logp.exp() - Tensor(truth)) / count, None
