# visible: fails
# mistake: sets u.shape to put the summed axes back, which changes the caller's array
# why: assigning to u.shape reshapes the array the caller passed in; the rule must leave u as it is (np.expand_dims or u.reshape return a new view instead).
# see: Exercise 7 · Two transpose rules (2 points)
# hint: which numpy calls give a new array object, and which one changes the array you were given?
def sum_transpose(u, shape, axis=None, keepdims=False):
    axes = range(len(shape)) if axis is None else np.atleast_1d(axis)
    axes = tuple(sorted(int(a) % len(shape) for a in axes)) if len(shape) else ()
    if not keepdims:
        u.shape = tuple(1 if i in axes else n for i, n in enumerate(shape))
    return np.broadcast_to(u, shape)


def broadcast_transpose(u, shape):
    leading = np.ndim(u) - len(shape)
    u = np.sum(u, axis=tuple(range(leading)))
    return np.sum(u, axis=tuple(i for i, size in enumerate(shape) if size == 1), keepdims=True)

