# visible: fails
# mistake: forgets the case of a v that requires grad
# why: for a linear func g . v still requires grad through v, but not through x: the second grad finds x unused and raises, where H v = 0.
# see: Exercise 2 · `hvp` (3 points)
# hint: which argument of grad gives zeros for an input the output does not depend on?
def hvp(func, inputs, v):
    x = inputs.detach().requires_grad_()
    output = func(x)
    (g,) = grad(output, x, create_graph=True)
    dot = (g * v).sum()
    if not dot.requires_grad:
        return output.detach(), zeros_like(x)
    (hv,) = grad(dot, x)
    return output.detach(), hv
