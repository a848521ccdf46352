# source: course/12_higher_order_and_forward_mode/12_higher_order_and_forward_mode.md, cell second_derivative
def second_derivative(f: Callable[[Tensor], Tensor], x: Tensor) -> Tensor:
    """f'' at every element of x, for an elementwise f (same shape as x)."""
    x = x.detach().requires_grad_()
    (first,) = grad(f(x).sum(), x, create_graph=True)
    (second,) = grad(first.sum(), x)
    return second
