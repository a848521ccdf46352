def forward_backward(x, y, z):
    """Forward values and gradients of f = (x*y + z) / exp(x)."""
    tx, ty, tz = (torch.tensor(float(v), dtype=torch.float64, requires_grad=True) for v in (x, y, z))
    a = tx * ty
    b = a + tz
    c = tx.exp()
    f = b / c
    for t in (a, b, c, f):
        t.retain_grad()
    f.backward()
    values = {"a": a.item(), "b": b.item(), "c": c.item(), "f": f.item()}
    grads = {"f": f.grad.item(), "c": c.grad.item(), "b": b.grad.item(), "a": a.grad.item(),
             "x": tx.grad.item(), "y": ty.grad.item(), "z": tz.grad.item()}
    return values, grads
