# copy of n1: rename
def second_derivative(f: Callable[[Tensor], Tensor], x: Tensor) -> Tensor:
    """f'' at every element of x, for an elementwise f (same shape as x)."""
    p = x.detach().requires_grad_(True)
    d1 = grad(f(p).sum(), p, create_graph=True)[0]
    d2 = grad(d1.sum(), p)[0]
    return d2
