# source: assignments/12_higher_order_and_forward_mode/12_higher_order_and_forward_mode.ipynb, cell jvp
def jvp(func: Callable[..., Any], primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    """(func(*primals), J @ tangents) in one forward pass, like torch.func.jvp."""
    # YOUR CODE HERE
    raise NotImplementedError()
