# visible: fails
# mistake: numpy-only targets
# why: target.astype(...) works on a numpy array, but a target given as an integer Tensor has no astype, so forward raises AttributeError.
# see: Exercise 2 · Cross-entropy as a `Function` (3 points)
# hint: the target may be a numpy array or a Tensor: how do you get a numpy array from either?
class CrossEntropy(Function):
    @staticmethod
    def forward(ctx, logits, target):
        classes = target.astype(np.int64)
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
        return (log_probs.exp() - Tensor(onehot)) * (grad_output / n), None
