# visible: passes
# A stable forward, but backward recomputes the softmax from the raw logits with exp(x) / sum
# exp(x): for logits of size 1000 the gradient is nan.
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
