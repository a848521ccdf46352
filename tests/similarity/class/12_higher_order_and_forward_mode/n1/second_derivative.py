# source: written for this set
def second_derivative(f: Callable[[Tensor], Tensor], x: Tensor) -> Tensor:
    """f'' at every element of x, for an elementwise f (same shape as x)."""
    point = x.detach().requires_grad_(True)
    # summing is fine: f is elementwise, so each element only depends on its own input
    first_derivative = grad(f(point).sum(), point, create_graph=True)[0]
    second = grad(first_derivative.sum(), point)[0]
    return second
