# visible: fails
# mistake: no 1/N in backward
# why: the loss is a mean over N samples, so each sample's part of the gradient carries a factor 1/N; without it the gradient is N times too large.
# see: Cross-entropy, and why its gradient is so simple
# hint: the forward divides by N: what does that do to the gradient?
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
        return (log_probs.exp() - Tensor(onehot)) * grad_output, None
