# visible: fails
# Takes the mean of g * v instead of the dot product: H v divided by n.
def hvp(func, inputs, v):
    x = inputs.detach().requires_grad_()
    output = func(x)
    (g,) = grad(output, x, create_graph=True)
    dot = (g * v).mean()
    if not dot.requires_grad:
        return output.detach(), zeros_like(x)
    (hv,) = grad(dot, x)
    return output.detach(), hv
