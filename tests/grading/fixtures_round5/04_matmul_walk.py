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


class MatMul(Function):
    """``a @ b``."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return np.matmul(a.data, b.data)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        was = al.is_grad_enabled()
        with al.enable_grad():
            # the same product as broadcast multiplication and a sum, so that other ops' rules answer
            aa = a.detach().requires_grad_() if not a.requires_grad else a + 0.0
            ba = b.detach().requires_grad_() if not b.requires_grad else b + 0.0
            left = aa if len(a.shape) > 1 else aa.reshape((1,) + tuple(a.shape))
            right = ba if len(b.shape) > 1 else ba.reshape(tuple(b.shape) + (1,))
            left = left.reshape(tuple(left.shape) + (1,))
            right = right.reshape(tuple(right.shape[:-2]) + (1,) + tuple(right.shape[-2:]))
            out = (left * right).sum(-2).reshape(tuple(grad.shape))
            found = _pull(out.grad_fn, grad, {aa.grad_fn: 0, ba.grad_fn: 1})
        grads = [found.get(0), found.get(1)]
        return tuple(None if g is None else g if was else g.detach() for g in grads)
