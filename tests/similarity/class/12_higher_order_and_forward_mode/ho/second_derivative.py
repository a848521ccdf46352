# source: tests/known_wrong_heldout/12_higher_order_and_forward_mode/second_derivative__backward_accumulates.py
def second_derivative(f: Callable[[Tensor], Tensor], x: Tensor) -> Tensor:
    """f'' at every element of x, for an elementwise f (same shape as x)."""
    point = x.detach().requires_grad_()
    f(point).sum().backward(create_graph=True)
    slope = point.grad
    slope.sum().backward()
    return point.grad
