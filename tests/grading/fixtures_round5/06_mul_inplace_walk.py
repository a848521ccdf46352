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


class MulInplace(Function):
    """``a *= b`` in place."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> Tensor:
        ctx.save_for_backward(al.tensor(a.data.copy()), b)
        np.multiply(a.data, b.data, out=a.data, casting="unsafe")
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor | None, Tensor | None]:
        old, b = ctx.saved_tensors
        was = is_grad_enabled()
        with al.enable_grad():
            oa = old.detach().requires_grad_() + 0.0
            ba = (b if b.requires_grad else b.detach().requires_grad_()) + 0.0
            out = oa * ba
            found = _pull(out.grad_fn, grad, {oa.grad_fn: 0, ba.grad_fn: 1})
        grads = [found.get(k) if ctx.needs_input_grad[k] else None for k in range(2)]
        return tuple(None if g is None else g if was else g.detach() for g in grads)
