# visible: fails
# mistake: ignores grad_output
# why: backward returns (softmax - onehot) / N whatever arrives from above, so for 0.5 * loss the gradient is twice too large.
# see: Cross-entropy, and why its gradient is so simple
# hint: by the chain rule, what must the local gradient be multiplied by?
class CrossEntropy(Function):
    @staticmethod
    def forward(ctx, logits, target):
        classes = np.asarray(target.data if isinstance(target, Tensor) else target)
        log_probs = log_softmax(logits, 1)
        ctx.save_for_backward(log_probs)
        ctx.classes = classes
        return -log_probs[np.arange(logits.shape[0]), classes].sum() / logits.shape[0]

    @staticmethod
    def backward(ctx, grad_output):
        (log_probs,) = ctx.saved_tensors
        n, c = log_probs.shape
        onehot = np.zeros((n, c))
        onehot[np.arange(n), ctx.classes] = 1.0
        return (log_probs.exp() - Tensor(onehot)) / n, None
