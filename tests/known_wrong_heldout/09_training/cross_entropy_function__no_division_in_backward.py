# heldout: no 1/N in backward
class CrossEntropy(Function):
    """Mean cross-entropy of logits (N, C) and integer classes (N,); backward (softmax - onehot) / N."""

    @staticmethod
    def forward(ctx: FunctionCtx, logits: Tensor, target: Any) -> Tensor:
        idx = np.asarray(target.data if isinstance(target, Tensor) else target)
        lp = log_softmax(logits, 1)
        ctx.save_for_backward(lp)
        ctx.idx = idx
        picked = lp[np.arange(len(idx)), idx]
        return -picked.mean()

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (lp,) = ctx.saved_tensors
        hot = np.zeros(lp.shape)
        hot[np.arange(lp.shape[0]), ctx.idx] = 1.0
        return grad_output * (lp.exp() - Tensor(hot)), None
