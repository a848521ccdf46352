# visible: fails
# Forgets create_graph=True: the first derivative is a constant and cannot be differentiated.
def second_derivative(f, x):
    x = x.detach().requires_grad_()
    (first,) = grad(f(x).sum(), x)
    (second,) = grad(first.sum(), x)
    return second
