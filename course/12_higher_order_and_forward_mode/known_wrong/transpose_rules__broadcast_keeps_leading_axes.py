# visible: fails
# mistake: sums the new leading axes with keepdims=True too, so they stay as axes of size 1
# why: the leading axes were added by broadcasting and t never had them: a (2, 1) t broadcast to (4, 2, 3) needs a (2, 1) result, not (1, 2, 1).
# see: Exercise 7 · Two transpose rules (2 points)
# hint: compare the number of axes of your result with len(shape).
def sum_transpose(u, shape, axis=None, keepdims=False):
    axes = range(len(shape)) if axis is None else np.atleast_1d(axis)
    axes = tuple(sorted(int(a) % len(shape) for a in axes)) if len(shape) else ()
    if not keepdims:
        u = np.expand_dims(u, axes)
    return np.broadcast_to(u, shape)


def broadcast_transpose(u, shape):
    leading = np.ndim(u) - len(shape)
    u = np.sum(u, axis=tuple(range(leading)), keepdims=True)
    ones = tuple(leading + i for i, size in enumerate(shape) if size == 1)
    return np.sum(u, axis=ones, keepdims=True)
