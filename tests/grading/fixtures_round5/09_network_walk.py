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


def network_gradients(x: np.ndarray, target: np.ndarray, W1: np.ndarray, b1: np.ndarray, W2: np.ndarray,
                      b2: np.ndarray, eps: float = 1e-5) -> dict[str, Any]:
    """The loss of the two-layer network and its gradient with respect to every tensor."""
    given = dict(x=x, W1=W1, b1=b1, W2=W2, b2=b2)
    leaves = {k: autograd_lib.tensor(np.array(v, dtype=np.float64), requires_grad=True) for k, v in given.items()}
    aliases = {k: t + 0.0 for k, t in leaves.items()}
    z1 = aliases["x"].mm(aliases["W1"]) + aliases["b1"]
    centred = z1 - z1.mean(1, keepdim=True)
    n = centred / ((centred * centred).mean(1, keepdim=True) + eps).sqrt()
    a = n.tanh()
    z2 = a.mm(aliases["W2"]) + aliases["b2"]
    shifted = z2 - autograd_lib.tensor(z2.data.max(axis=1, keepdims=True))
    log_p = shifted - autograd_lib.log(autograd_lib.exp(shifted).sum(1, keepdim=True))
    onehot = autograd_lib.tensor(np.eye(z2.shape[1])[np.asarray(target)])
    loss = (log_p * onehot).sum() * (-1.0 / len(target))
    found = _pull(loss.grad_fn, autograd_lib.tensor(1.0), {t.grad_fn: k for k, t in aliases.items()},
                  {t.grad_fn: k for k, t in dict(z2=z2, a=a, n=n, z1=z1).items()})
    out = {"loss": float(loss.data)}
    out.update({k: np.array(g.data) for k, g in found.items()})
    return out
