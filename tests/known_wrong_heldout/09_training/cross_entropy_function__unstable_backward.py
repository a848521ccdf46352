# heldout: an unstable softmax in backward
class CrossEntropy(Function):
    """Mean cross-entropy of logits (N, C) and integer classes (N,); backward (softmax - onehot) / N."""

    @staticmethod
    def forward(ctx: FunctionCtx, logits: Tensor, target: Any) -> Tensor:
        t = np.asarray(target.data if isinstance(target, Tensor) else target)
        ctx.save_for_backward(logits)
        ctx.t = t
        lsm = log_softmax(logits, 1)
        return -lsm[np.arange(t.shape[0]), t].mean()

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (logits,) = ctx.saved_tensors
        n = logits.shape[0]
        e = logits.exp()
        soft = e / e.sum(1, keepdim=True)
        onehot = np.zeros(logits.shape)
        onehot[np.arange(n), ctx.t] = 1.0
        return (soft - Tensor(onehot)) * grad_output / n, None
