# heldout: targets kept on the class
class CrossEntropy(Function):
    """Mean cross-entropy of logits (N, C) and integer classes (N,); backward (softmax - onehot) / N."""

    @staticmethod
    def forward(ctx: FunctionCtx, logits: Tensor, target: Any) -> Tensor:
        CrossEntropy.targets = np.asarray(target.data if isinstance(target, Tensor) else target)
        scores = log_softmax(logits, 1)
        ctx.save_for_backward(scores)
        rows = np.arange(scores.shape[0])
        return -scores[rows, CrossEntropy.targets].sum() / scores.shape[0]

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (scores,) = ctx.saved_tensors
        n = scores.shape[0]
        target_mask = np.zeros(scores.shape)
        target_mask[np.arange(n), CrossEntropy.targets] = 1.0
        return (scores.exp() - Tensor(target_mask)) * (grad_output / n), None
