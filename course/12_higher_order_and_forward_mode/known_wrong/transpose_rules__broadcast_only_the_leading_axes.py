# visible: fails
# mistake: sums over the new leading axes only, and forgets the axes of size 1
# why: an axis of size 1 was copied too: a (2, 1) t broadcast to (4, 2, 3) had each element copied 12 times, and the result must be (2, 1), not (2, 3).
# see: Exercise 7 · Two transpose rules (2 points)
# hint: broadcasting copies along two kinds of axes; which kind is missing?
def sum_transpose(u, shape, axis=None, keepdims=False):
    axes = range(len(shape)) if axis is None else np.atleast_1d(axis)
    axes = tuple(sorted(int(a) % len(shape) for a in axes)) if len(shape) else ()
    if not keepdims:
        u = np.expand_dims(u, axes)
    return np.broadcast_to(u, shape)


def broadcast_transpose(u, shape):
    leading = np.ndim(u) - len(shape)
    return np.sum(u, axis=tuple(range(leading)))
