# source: tests/unusual_correct/09_training/cross_entropy_function__recomputes_in_backward.py
class CrossEntropy(Function):
    @staticmethod
    def forward(ctx, logits, target):
        classes = np.asarray(target)
        ctx.save_for_backward(logits)
        ctx.classes = classes
        picked = log_softmax(logits, 1)[np.arange(len(classes)), classes]
        return -picked.mean()

    @staticmethod
    def backward(ctx, grad_output):
        (logits,) = ctx.saved_tensors
        shifted = logits.data - logits.data.max(axis=1, keepdims=True)
        probs = np.exp(shifted) / np.exp(shifted).sum(axis=1, keepdims=True)
        probs[np.arange(len(ctx.classes)), ctx.classes] -= 1.0
        return Tensor(probs / len(ctx.classes)) * grad_output, None
