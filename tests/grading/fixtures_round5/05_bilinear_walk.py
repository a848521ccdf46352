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


class Bilinear(Function):
    """out[n] = x1[n] @ weight @ x2[n]; x1 (N, P), x2 (N, Q), weight (P, Q), out (N,)."""

    @staticmethod
    def forward(ctx, x1, x2, weight):
        ctx.save_for_backward(x1, x2, weight)
        return (x1.mm(weight) * x2).sum(1)

    @staticmethod
    def backward(ctx, grad_output):
        saved = ctx.saved_tensors
        was = autograd_lib.is_grad_enabled()
        with autograd_lib.enable_grad():
            a1, a2, aw = ((t if t.requires_grad else t.detach().requires_grad_()) + 0.0 for t in saved)
            out = (a1.mm(aw) * a2).sum(1)
            found = _pull(out.grad_fn, grad_output, {a1.grad_fn: 0, a2.grad_fn: 1, aw.grad_fn: 2})
        grads = [found.get(k) if ctx.needs_input_grad[k] else None for k in range(3)]
        return tuple(None if g is None else g if was else g.detach() for g in grads)
