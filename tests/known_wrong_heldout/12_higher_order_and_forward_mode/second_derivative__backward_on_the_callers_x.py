# heldout: backward on the caller's x
def second_derivative(f: Callable[[Tensor], Tensor], x: Tensor) -> Tensor:
    """f'' at every element of x, for an elementwise f (same shape as x)."""
    if not x.requires_grad:
        x = x.detach().requires_grad_()
    (d1,) = grad(f(x).sum(), x, create_graph=True)
    d1.sum().backward()
    return x.grad
