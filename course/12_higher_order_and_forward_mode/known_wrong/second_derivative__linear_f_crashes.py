# visible: fails
# mistake: differentiates the first gradient even when it has no graph
# why: for a linear f the first gradient is a constant (requires_grad False), so the second grad raises instead of giving f'' = 0.
# see: Exercise 1 · A second derivative (2 points)
# hint: what is f'' of a linear function, and how can you tell that the first gradient does not depend on x?
def second_derivative(f, x):
    x = x.detach().requires_grad_()
    (first,) = grad(f(x).sum(), x, create_graph=True)
    (second,) = grad(first.sum(), x)
    return second
