# visible: fails
# mistake: reuses one tangent array for every pass and keeps the JVPs without copying them
# why: for a func whose output tangent is the input tangent or a view of it (v, v[::-1], v.reshape(...)), every kept column is that one array, which holds e_{n-1} at the end: the Jacobian of v[::-1] at n = 3 has three equal columns (1, 0, 0) instead of the reversed identity.
# see: Exercise 5 · A Jacobian by forward mode (2 points)
# hint: is column.data always a new array, or can a linear func hand back your own tangent array (or a view of it)?
def jacobian_forward(func: Callable[[Any], Any], x: Tensor) -> Tensor:
    """The Jacobian of func at x (shape output.shape + (n,)), one JVP per input element."""
    n = x.shape[0]
    e = np.zeros(n)                      # one unit tangent, reused
    columns = []
    for j in range(n):
        e[:] = 0.0
        e[j] = 1.0
        _, column = forward_ad.jvp(func, (x,), (e,))
        columns.append(column.data)
    return Tensor(np.stack(columns, axis=-1))
