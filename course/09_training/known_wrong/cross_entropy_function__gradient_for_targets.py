# visible: fails
# mistake: a gradient for the targets
# why: class indices are not differentiable, and the engine refuses a gradient for an argument that is not a Tensor.
# see: Exercise 2 · Cross-entropy as a `Function` (3 points)
# hint: what does backward return in the place of an argument that has no gradient?
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
        return (log_probs.exp() - Tensor(onehot)) * (grad_output / n), Tensor(np.zeros(n))
