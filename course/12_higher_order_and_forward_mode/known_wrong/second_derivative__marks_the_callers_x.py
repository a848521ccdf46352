# visible: fails
# mistake: marks the caller's x
# why: requires_grad_() on the caller's own tensor changes it: after the call, x requires grad.
# see: Exercise 1 · A second derivative (2 points)
# hint: on which tensor should requires_grad_() run: x, or a detached copy?
def second_derivative(f, x):
    x.requires_grad_()
    (first,) = grad(f(x).sum(), x, create_graph=True)
    (second,) = grad(first.sum(), x)
    return second
