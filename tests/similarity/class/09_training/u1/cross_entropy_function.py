# source: tests/unusual_correct/09_training/cross_entropy_function__onehot_product.py
class CrossEntropy(Function):
    @staticmethod
    def forward(ctx, logits, target):
        n, c = logits.shape
        onehot = np.eye(c)[np.asarray(target.data if isinstance(target, Tensor) else target)]
        log_probs = log_softmax(logits, 1)
        ctx.save_for_backward(log_probs)
        ctx.onehot = onehot
        return -(log_probs * Tensor(onehot)).sum() / n

    @staticmethod
    def backward(ctx, grad_output):
        (log_probs,) = ctx.saved_tensors
        return grad_output * (log_probs.exp() - Tensor(ctx.onehot)) / log_probs.shape[0], None
