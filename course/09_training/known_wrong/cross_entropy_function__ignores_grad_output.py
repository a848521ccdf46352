# visible: passes
# Returns (softmax - onehot) / N without multiplying by grad_output: wrong as soon as the loss is
# scaled or used inside a larger expression.
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
