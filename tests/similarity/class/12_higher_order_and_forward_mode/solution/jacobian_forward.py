# source: course/12_higher_order_and_forward_mode/12_higher_order_and_forward_mode.md, cell jacobian_forward
def jacobian_forward(func: Callable[[Any], Any], x: Tensor) -> Tensor:
    """The Jacobian of func at x (shape output.shape + (n,)), one JVP per input element."""
    n = x.shape[0]
    columns = []
    for j in range(n):
        _, column = forward_ad.jvp(func, (x,), (np.eye(n)[j],))
        columns.append(column.data)
    return Tensor(np.stack(columns, axis=-1))
