# heldout: mean instead of sum
def second_derivative(f: Callable[[Tensor], Tensor], x: Tensor) -> Tensor:
    """f'' at every element of x, for an elementwise f (same shape as x)."""
    leaf = x.detach().requires_grad_()
    (fprime,) = grad(f(leaf).mean(), leaf, create_graph=True)
    (fsecond,) = grad(fprime.mean(), leaf)
    return fsecond
