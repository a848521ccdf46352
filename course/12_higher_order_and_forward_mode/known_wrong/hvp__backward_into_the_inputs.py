# visible: fails
# mistake: backward on the caller's inputs
# why: when the inputs already require grad they are used as they are, and backward writes H v into their .grad.
# see: Exercise 2 · `hvp` (3 points)
# hint: which function gives a gradient without writing into anyone's .grad?
def hvp(func, inputs, v):
    x = inputs if inputs.requires_grad else inputs.detach().requires_grad_()
    output = func(x)
    (g,) = grad(output, x, create_graph=True)
    dot = (g * v).sum()
    if not dot.requires_grad:
        return output.detach(), zeros_like(x)
    dot.backward()
    return output.detach(), x.grad
