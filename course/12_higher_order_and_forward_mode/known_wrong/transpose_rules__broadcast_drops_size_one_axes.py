# visible: fails
# mistake: sums the axes of size 1 without keepdims, so they disappear
# why: the transpose maps back to t, so the result must have t's shape exactly; a (2, 1) t needs a (2, 1) result, not (2,).
# see: Exercise 7 · Two transpose rules (2 points)
# hint: which two kinds of axes does broadcasting create, and which of them does t still have?
def sum_transpose(u, shape, axis=None, keepdims=False):
    axes = range(len(shape)) if axis is None else np.atleast_1d(axis)
    axes = tuple(sorted(int(a) % len(shape) for a in axes)) if len(shape) else ()
    if not keepdims:
        u = np.expand_dims(u, axes)
    return np.broadcast_to(u, shape)


def broadcast_transpose(u, shape):
    leading = np.ndim(u) - len(shape)
    u = np.sum(u, axis=tuple(range(leading)))
    return np.sum(u, axis=tuple(i for i, size in enumerate(shape) if size == 1))
