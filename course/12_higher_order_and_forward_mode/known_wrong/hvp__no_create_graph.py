# visible: fails
# mistake: no create_graph
# why: without create_graph=True the gradient g is a constant, so the zero branch answers H v = 0 for every func.
# see: Exercise 2 · `hvp` (3 points)
# hint: which of the two grad calls must record its own work?
def hvp(func, inputs, v):
    x = inputs.detach().requires_grad_()
    output = func(x)
    (g,) = grad(output, x)
    dot = (g * v).sum()
    if not dot.requires_grad:
        return output.detach(), zeros_like(x)
    (hv,) = grad(dot, x)
    return output.detach(), hv
