# visible: fails
# mistake: an unstable softmax in backward
# why: the forward is stable, but backward computes exp(x) / sum exp(x) from the raw logits: exp(1000) is inf, and inf / inf is nan.
# see: Cross-entropy, and why its gradient is so simple
# hint: the forward pass already has stable log-probabilities: how do you get p from log p?
class CrossEntropy(Function):
    @staticmethod
    def forward(ctx, logits, target):
        classes = np.asarray(target.data if isinstance(target, Tensor) else target)
        ctx.save_for_backward(logits)
        ctx.classes = classes
        log_probs = log_softmax(logits, 1)
        return -log_probs[np.arange(logits.shape[0]), classes].sum() / logits.shape[0]

    @staticmethod
    def backward(ctx, grad_output):
        (logits,) = ctx.saved_tensors
        n, c = logits.shape
        with np.errstate(over="ignore", invalid="ignore"):
            exps = np.exp(logits.data)
            probs = exps / exps.sum(axis=1, keepdims=True)
        onehot = np.zeros((n, c))
        onehot[np.arange(n), ctx.classes] = 1.0
        return Tensor(probs - onehot) * (grad_output / n), None
