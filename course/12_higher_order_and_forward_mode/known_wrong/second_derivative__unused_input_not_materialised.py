# visible: fails
# mistake: does not ask for materialised zeros
# why: for f(t) = t * c with c requiring grad, f' = c requires grad but does not depend on x: grad then finds x unused and raises.
# see: Exercise 1 · A second derivative (2 points)
# hint: which argument of grad turns an unused input into zeros?
def second_derivative(f, x):
    x = x.detach().requires_grad_()
    (first,) = grad(f(x).sum(), x, create_graph=True)
    if not first.requires_grad:
        return zeros_like(x)
    (second,) = grad(first.sum(), x)
    return second
