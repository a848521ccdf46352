# visible: fails
# Forgets create_graph=True: g is a constant, so the zero branch answers H v = 0 for every func.
def hvp(func, inputs, v):
    x = inputs.detach().requires_grad_()
    output = func(x)
    (g,) = grad(output, x)
    dot = (g * v).sum()
    if not dot.requires_grad:
        return output.detach(), zeros_like(x)
    (hv,) = grad(dot, x)
    return output.detach(), hv
