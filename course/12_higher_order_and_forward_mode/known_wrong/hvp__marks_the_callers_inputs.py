# visible: fails
# mistake: marks the caller's inputs
# why: requires_grad_() runs on the caller's own tensor, so after the call the inputs require grad.
# see: Exercise 2 · `hvp` (3 points)
# hint: on which tensor should requires_grad_() run: inputs, or a detached copy?
def hvp(func, inputs, v):
    x = inputs.requires_grad_()
    output = func(x)
    (g,) = grad(output, x, create_graph=True)
    dot = (g * v).sum()
    if not dot.requires_grad:
        return output.detach(), zeros_like(x)
    (hv,) = grad(dot, x)
    return output.detach(), hv
