# source: written for this set
class CrossEntropy(Function):
    """Mean cross-entropy of logits (N, C) and integer classes (N,); backward (softmax - onehot) / N."""

    @staticmethod
    def forward(ctx: FunctionCtx, logits: Tensor, target: Any) -> Tensor:
        if isinstance(target, Tensor):
            class_indices = np.asarray(target.data, dtype=np.int64)
        else:
            class_indices = np.asarray(target, dtype=np.int64)
        batch_size = logits.shape[0]
        log_probabilities = log_softmax(logits, 1)
        ctx.save_for_backward(log_probabilities)
        ctx.class_indices = class_indices
        # pick the log-probability of the right class in every row
        picked = log_probabilities[np.arange(batch_size), class_indices]
        return -picked.sum() / batch_size

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (log_probabilities,) = ctx.saved_tensors
        batch_size = log_probabilities.shape[0]
        number_of_classes = log_probabilities.shape[1]
        one_hot = np.zeros((batch_size, number_of_classes))
        for row in range(batch_size):
            one_hot[row, ctx.class_indices[row]] = 1.0
        softmax = log_probabilities.exp()
        grad_logits = (softmax - Tensor(one_hot)) * grad_output / batch_size
        return grad_logits, None
