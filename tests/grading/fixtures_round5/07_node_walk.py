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
        key = node
        g = pending.pop(key, None)
        if g is None:
            continue
        if key in stops:
            found[stops[key]] = g
            continue
        outs = node.apply(g)
        if not isinstance(outs, tuple):
            outs = (outs,)
        for (nxt, _), go in zip(node.next_functions, outs):
            if nxt is None or go is None:
                continue
            k = nxt
            pending[k] = go if k not in pending else pending[k] + go
    return found


class LinearFunction(Function):
    """``output = input @ weight.T + bias``."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
        ctx.save_for_backward(input, weight, bias)
        out = input.mm(weight.t())
        return out if bias is None else out + bias

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor | None, ...]:
        saved = ctx.saved_tensors
        needs = ctx.needs_input_grad
        on_torch = isinstance(grad_output, torch.Tensor)
        if on_torch:  # the same walk on autograd_lib copies of the values
            saved = [None if t is None else autograd_lib.tensor(t.detach().numpy(), requires_grad=True) for t in saved]
            grad_output = autograd_lib.tensor(grad_output.detach().numpy())
        was = autograd_lib.is_grad_enabled() and not on_torch
        with autograd_lib.enable_grad():
            aliases = [None if t is None else t + 0.0 for t in saved]
            out = aliases[0].mm(aliases[1].t())
            if aliases[2] is not None:
                out = out + aliases[2]
            stops = {a.grad_fn: k for k, a in enumerate(aliases) if a is not None and a.grad_fn is not None}
            found = _pull(out.grad_fn, grad_output, stops)
        result = []
        for k, t in enumerate(saved):
            g = found.get(k)
            if t is None or g is None or k >= len(needs) or not needs[k]:
                result.append(None)
                continue
            while len(g.shape) > len(t.shape):
                g = g.sum(0)
            result.append(torch.from_numpy(g.data.copy()) if on_torch else g if was else g.detach())
        return tuple(result)
