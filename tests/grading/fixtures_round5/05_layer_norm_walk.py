def _pull(root, seed, stops):
    """Hand `seed` down the recorded nodes from `root`; return what reaches each stop node."""
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
        outs = node.apply(g)
        if not isinstance(outs, tuple):
            outs = (outs,)
        for (nxt, _), go in zip(node.next_functions, outs):
            if nxt is None or go is None:
                continue
            pending[nxt] = go if nxt not in pending else pending[nxt] + go
    return found


class LayerNormFunction(Function):
    """``(x - mean(x)) / sqrt(var(x) + eps)`` over the last dimension."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, eps: float = 1e-5) -> Tensor:
        ctx.save_for_backward(x)
        ctx.eps = eps
        y, _ = _standardise(x, eps)
        return y

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (x,) = ctx.saved_tensors
        last = len(x.shape) - 1
        was = autograd_lib.is_grad_enabled()
        with autograd_lib.enable_grad():
            xa = (x if x.requires_grad else x.detach().requires_grad_()) + 0.0
            centred = xa - xa.mean(last, keepdim=True)
            y = centred / ((centred * centred).mean(last, keepdim=True) + ctx.eps).sqrt()
            found = _pull(y.grad_fn, grad_output, {xa.grad_fn: 0})
        g = found.get(0)
        return (g if was or g is None else g.detach()), None
