# visible: passes
# Differentiates f(x) instead of f(x).sum(): fine for a 0-d x, but a vector output needs a seed.
def second_derivative(f, x):
    x = x.detach().requires_grad_()
    (first,) = grad(f(x), x, create_graph=True)
    (second,) = grad(first, x)
    return second
