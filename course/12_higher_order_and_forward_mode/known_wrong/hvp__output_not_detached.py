# visible: passes
# Returns func's output still attached to the graph (torch's hvp returns it detached).
def hvp(func, inputs, v):
    x = inputs.detach().requires_grad_()
    output = func(x)
    (g,) = grad(output, x, create_graph=True)
    dot = (g * v).sum()
    if not dot.requires_grad:
        return output, zeros_like(x)
    (hv,) = grad(dot, x)
    return output, hv
