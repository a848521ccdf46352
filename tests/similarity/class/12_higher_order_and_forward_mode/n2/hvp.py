# source: written for this set
def hvp(func, inputs, v):
    x = inputs.detach().requires_grad_()
    y = func(x)
    g = grad(y, x, create_graph=True)[0]
    if not g.requires_grad:
        return y.detach(), zeros_like(x)
    return y.detach(), grad(g, x, grad_outputs=v, allow_unused=True)[0]
