# heldout: backward twice into one .grad
def second_derivative(f: Callable[[Tensor], Tensor], x: Tensor) -> Tensor:
    """f'' at every element of x, for an elementwise f (same shape as x)."""
    point = x.detach().requires_grad_()
    f(point).sum().backward(create_graph=True)
    slope = point.grad
    slope.sum().backward()
    return point.grad
