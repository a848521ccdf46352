# visible: fails
# mistake: targets kept on the class
# why: CrossEntropy.classes is shared by every call, so when two losses are built before a backward, the first one's backward uses the second one's targets.
# see: Exercise 2 · Cross-entropy as a `Function` (3 points)
# hint: which object belongs to one call of apply, and to that call only?
class CrossEntropy(Function):
    @staticmethod
    def forward(ctx, logits, target):
        CrossEntropy.classes = np.asarray(target.data if isinstance(target, Tensor) else target)
        log_probs = log_softmax(logits, 1)
        ctx.save_for_backward(log_probs)
        return -log_probs[np.arange(logits.shape[0]), CrossEntropy.classes].sum() / logits.shape[0]

    @staticmethod
    def backward(ctx, grad_output):
        (log_probs,) = ctx.saved_tensors
        n, c = log_probs.shape
        onehot = np.zeros((n, c))
        onehot[np.arange(n), CrossEntropy.classes] = 1.0
        return (log_probs.exp() - Tensor(onehot)) * (grad_output / n), None
