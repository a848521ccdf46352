# heldout: marks the caller's x
def second_derivative(f: Callable[[Tensor], Tensor], x: Tensor) -> Tensor:
    """f'' at every element of x, for an elementwise f (same shape as x)."""
    x.requires_grad_()
    total = f(x).sum()
    first = grad(total, x, create_graph=True)[0]
    second = grad(first.sum(), x)[0]
    return second
