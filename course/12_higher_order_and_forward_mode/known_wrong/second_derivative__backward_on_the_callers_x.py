# visible: fails
# mistake: backward on the caller's x
# why: an x that already requires grad is used as it is, and backward writes f'' into the caller's x.grad.
# see: Exercise 1 · A second derivative (2 points)
# hint: which function gives a gradient without writing into .grad?
def second_derivative(f, x):
    if not x.requires_grad:
        x = x.detach().requires_grad_()
    (first,) = grad(f(x).sum(), x, create_graph=True)
    first.sum().backward()
    return x.grad
