# visible: fails
# mistake: a sum, not a mean
# why: the per-sample losses are added up instead of averaged, so the loss of a batch of N is N times torch's.
# see: Cross-entropy, and why its gradient is so simple
# hint: what does the 1/N in front of the sum do, in the loss and in its gradient?
class CrossEntropy(Function):
    @staticmethod
    def forward(ctx, logits, target):
        classes = np.asarray(target.data if isinstance(target, Tensor) else target)
        log_probs = log_softmax(logits, 1)
        ctx.save_for_backward(log_probs)
        ctx.classes = classes
        return -log_probs[np.arange(logits.shape[0]), classes].sum()

    @staticmethod
    def backward(ctx, grad_output):
        (log_probs,) = ctx.saved_tensors
        n, c = log_probs.shape
        onehot = np.zeros((n, c))
        onehot[np.arange(n), ctx.classes] = 1.0
        return (log_probs.exp() - Tensor(onehot)) * grad_output, None
