# source: assignments/12_higher_order_and_forward_mode/12_higher_order_and_forward_mode.ipynb, cell jacobian_forward
def jacobian_forward(func: Callable[[Any], Any], x: Tensor) -> Tensor:
    """The Jacobian of func at x (shape output.shape + (n,)), one JVP per input element."""
    # YOUR CODE HERE
    raise NotImplementedError()
