# visible: passes
# Right numbers, but sets requires_grad on the caller's own tensor instead of a detached copy.
def second_derivative(f, x):
    x.requires_grad_()
    (first,) = grad(f(x).sum(), x, create_graph=True)
    (second,) = grad(first.sum(), x)
    return second
