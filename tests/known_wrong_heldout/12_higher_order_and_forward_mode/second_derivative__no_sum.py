# heldout: no sum before grad
def second_derivative(f: Callable[[Tensor], Tensor], x: Tensor) -> Tensor:
    """f'' at every element of x, for an elementwise f (same shape as x)."""
    w = x.detach().requires_grad_()
    (first,) = grad(f(w), w, create_graph=True)
    (second,) = grad(first, w)
    return second
