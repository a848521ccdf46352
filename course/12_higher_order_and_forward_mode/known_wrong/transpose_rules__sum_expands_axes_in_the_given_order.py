# visible: fails
# mistake: puts the summed axes back one by one, in the order axis gives them
# why: np.expand_dims counts positions in the array it returns, so an axis can only come back after the ones before it: for axis=(2, 0) of a (2, 3, 4) t, u has shape (3,), and inserting axis 2 first is out of range.
# see: Exercise 7 · Two transpose rules (2 points)
# hint: axis is a tuple in any order; in what order must the axes come back?
def sum_transpose(u, shape, axis=None, keepdims=False):
    if axis is None:
        axis = tuple(range(len(shape)))
    if isinstance(axis, int):
        axis = (axis,)
    if not keepdims:
        for a in axis:
            u = np.expand_dims(u, a)
    return np.broadcast_to(u, shape)


def broadcast_transpose(u, shape):
    leading = np.ndim(u) - len(shape)
    u = np.sum(u, axis=tuple(range(leading)))
    return np.sum(u, axis=tuple(i for i, size in enumerate(shape) if size == 1), keepdims=True)
