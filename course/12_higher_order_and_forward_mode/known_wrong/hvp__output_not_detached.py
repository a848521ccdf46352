# visible: fails
# mistake: the output is not detached
# why: func's output is returned still attached to the graph; torch's hvp returns it detached.
# see: Exercise 2 · `hvp` (3 points)
# hint: what does .detach() do to the output, and does torch return it that way?
def hvp(func, inputs, v):
    x = inputs.detach().requires_grad_()
    output = func(x)
    (g,) = grad(output, x, create_graph=True)
    dot = (g * v).sum()
    if not dot.requires_grad:
        return output, zeros_like(x)
    (hv,) = grad(dot, x)
    return output, hv
