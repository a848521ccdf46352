# visible: fails
# mistake: log-sum-exp without the shift
# why: log(sum exp(x)) is computed from the raw logits, so exp(1000) overflows and the loss is inf or nan.
# see: The log-sum-exp trick
# hint: which function of exercise 1 computes the log-probabilities safely?
class CrossEntropy(Function):
    @staticmethod
    def forward(ctx, logits, target):
        classes = np.asarray(target.data if isinstance(target, Tensor) else target)
        log_probs = logits - logits.exp().sum(1, keepdim=True).log()
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
