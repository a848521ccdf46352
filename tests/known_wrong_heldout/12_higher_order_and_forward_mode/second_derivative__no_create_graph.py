# heldout: no create_graph
def second_derivative(f: Callable[[Tensor], Tensor], x: Tensor) -> Tensor:
    """f'' at every element of x, for an elementwise f (same shape as x)."""
    z = x.detach().requires_grad_()
    out = f(z)
    g1 = grad(out.sum(), z)[0]
    g2 = grad(g1.sum(), z)[0]
    return g2
