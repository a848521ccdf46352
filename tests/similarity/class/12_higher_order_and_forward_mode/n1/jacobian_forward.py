# source: written for this set
def jacobian_forward(func: Callable[[Any], Any], x: Tensor) -> Tensor:
    """The Jacobian of func at x (shape output.shape + (n,)), one JVP per input element."""
    size = x.shape[0]
    identity = np.eye(size)
    all_columns = []
    # column j is J e_j
    for j in range(size):
        direction = identity[j]
        result = forward_ad.jvp(func, (x,), (direction,))
        all_columns.append(result[1].data)
    jacobian = np.stack(all_columns, axis=len(all_columns[0].shape))
    return Tensor(jacobian)
