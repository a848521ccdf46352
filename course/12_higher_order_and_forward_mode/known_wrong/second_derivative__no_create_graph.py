# visible: fails
# mistake: no create_graph
# why: without create_graph=True the first derivative is a constant, so the second grad has nothing to differentiate.
# see: The gradient is a computation too
# hint: what must the first grad record so that the second can follow it?
def second_derivative(f, x):
    x = x.detach().requires_grad_()
    (first,) = grad(f(x).sum(), x)
    (second,) = grad(first.sum(), x)
    return second
