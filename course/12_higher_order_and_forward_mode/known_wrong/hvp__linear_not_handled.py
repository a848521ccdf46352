# visible: fails
# mistake: no branch for a linear func
# why: for a linear func the gradient g is a constant, so g . v does not require grad and the second grad raises.
# see: Exercise 2 · `hvp` (3 points)
# hint: what is H for a linear function, and how can you tell from g . v that you are in that case?
def hvp(func, inputs, v):
    x = inputs.detach().requires_grad_()
    output = func(x)
    (g,) = grad(output, x, create_graph=True)
    (hv,) = grad((g * v).sum(), x)
    return output.detach(), hv
