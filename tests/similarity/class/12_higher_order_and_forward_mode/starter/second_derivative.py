# source: assignments/12_higher_order_and_forward_mode/12_higher_order_and_forward_mode.ipynb, cell second_derivative
def second_derivative(f: Callable[[Tensor], Tensor], x: Tensor) -> Tensor:
    """f'' at every element of x, for an elementwise f (same shape as x)."""
    # YOUR CODE HERE
    raise NotImplementedError()
