# source: tests/known_wrong_heldout/12_higher_order_and_forward_mode/jacobian_forward__basis_not_reset.py
def jacobian_forward(func: Callable[[Any], Any], x: Tensor) -> Tensor:
    """The Jacobian of func at x (shape output.shape + (n,)), one JVP per input element."""
    size = x.shape[0]
    direction = np.zeros(size)
    cols = []
    for k in range(size):
        direction[k] = 1.0
        _, col = forward_ad.jvp(func, (x,), (direction.copy(),))
        cols.append(col.data)
    return Tensor(np.stack(cols, axis=-1))
