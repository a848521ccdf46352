# visible: fails
# mistake: picks whole columns
# why: log_probs[:, classes] takes, in every row, the columns of all N targets: an (N, N) block, so the loss adds N * N terms instead of N.
# see: Exercise 2 · Cross-entropy as a `Function` (3 points)
# hint: how do you pair row n with column t_n, and with no other column?
class CrossEntropy(Function):
    @staticmethod
    def forward(ctx, logits, target):
        classes = np.asarray(target.data if isinstance(target, Tensor) else target)
        log_probs = log_softmax(logits, 1)
        ctx.save_for_backward(log_probs)
        ctx.classes = classes
        return -log_probs[:, classes].sum() / logits.shape[0]

    @staticmethod
    def backward(ctx, grad_output):
        (log_probs,) = ctx.saved_tensors
        n, c = log_probs.shape
        onehot = np.zeros((n, c))
        onehot[np.arange(n), ctx.classes] = 1.0
        return (log_probs.exp() - Tensor(onehot)) * (grad_output / n), None
