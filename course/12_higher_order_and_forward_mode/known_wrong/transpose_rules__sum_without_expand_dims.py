# visible: fails
# mistake: broadcasts u to the shape without putting the summed axes back
# why: numpy broadcasting lines up the last axes, so it only works by luck when the leading axes were summed; a sum over axis 1 of (2, 3) gives u of shape (2,), which does not broadcast to (2, 3).
# see: Exercise 7 · Two transpose rules (2 points)
# hint: with keepdims False, where did the summed axes go, and where must they come back?
def sum_transpose(u, shape, axis=None, keepdims=False):
    return np.broadcast_to(u, shape)


def broadcast_transpose(u, shape):
    leading = np.ndim(u) - len(shape)
    u = np.sum(u, axis=tuple(range(leading)))
    return np.sum(u, axis=tuple(i for i, size in enumerate(shape) if size == 1), keepdims=True)

