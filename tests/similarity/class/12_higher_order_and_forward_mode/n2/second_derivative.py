# source: written for this set
def second_derivative(f, x):
    x = x.detach().requires_grad_()
    (d1,) = grad(f(x).sum(), x, create_graph=True)
    return grad(d1.sum(), x)[0]
