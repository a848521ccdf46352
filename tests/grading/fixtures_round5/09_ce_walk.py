def _pull(root, seed, stops, watch=()):
    """Hand `seed` down the recorded nodes from `root`; return what reaches each stop or watched node."""
    order, seen = [], set()

    def visit(node):
        if node is None or node in seen:
            return
        seen.add(node)
        if node not in stops:
            for nxt, _ in node.next_functions:
                visit(nxt)
        order.append(node)

    visit(root)
    pending = {root: seed}
    found = {}
    for node in reversed(order):
        g = pending.pop(node, None)
        if g is None:
            continue
        if node in stops:
            found[stops[node]] = g
            continue
        if node in watch:
            found[watch[node]] = g
        outs = node.apply(g)
        if not isinstance(outs, tuple):
            outs = (outs,)
        for (nxt, _), go in zip(node.next_functions, outs):
            if nxt is None or go is None:
                continue
            pending[nxt] = go if nxt not in pending else pending[nxt] + go
    return found


class CrossEntropy(Function):
    """Mean cross-entropy of logits (N, C) and integer classes (N,); backward (softmax - onehot) / N."""

    @staticmethod
    def forward(ctx: FunctionCtx, logits: Tensor, target: Any) -> Tensor:
        classes = np.asarray(target.data if isinstance(target, Tensor) else target).astype(np.int64)
        ctx.save_for_backward(logits)
        ctx.classes = classes
        x = logits.data
        shifted = x - x.max(axis=1, keepdims=True)
        log_p = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
        return np.array(-log_p[np.arange(len(classes)), classes].mean())

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (logits,) = ctx.saved_tensors
        classes = ctx.classes
        n, c = logits.shape
        was = autograd_lib.is_grad_enabled()
        with autograd_lib.enable_grad():
            alias = logits + 0.0
            z = alias - autograd_lib.tensor(logits.data.max(axis=1, keepdims=True))
            lse = autograd_lib.log(autograd_lib.exp(z).sum(1, keepdim=True))
            onehot = autograd_lib.tensor(np.eye(c)[classes])
            loss = ((z - lse) * onehot).sum() * (-1.0 / n)
            found = _pull(loss.grad_fn, grad_output, {alias.grad_fn: 0})
        g = found[0]
        return (g if was else g.detach()), None
