# visible: fails
# mistake: no sum before grad
# why: grad of a non-scalar output needs a seed; for a 0-d x it works, for a vector it raises.
# see: Exercise 1 · A second derivative (2 points)
# hint: for an elementwise f, which scalar has the gradient f'(x)?
def second_derivative(f, x):
    x = x.detach().requires_grad_()
    (first,) = grad(f(x), x, create_graph=True)
    (second,) = grad(first, x)
    return second
