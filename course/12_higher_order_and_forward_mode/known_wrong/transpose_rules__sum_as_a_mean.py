# visible: fails
# mistake: divides the copied cotangent by the number of summed elements
# why: that is the transpose of a mean; a sum sends each of its inputs the whole cotangent, with weight 1, so (1, 2) summed over axis 1 of (2, 3) gives [[1, 1, 1], [2, 2, 2]], not thirds.
# see: Exercise 7 · Two transpose rules (2 points)
# hint: in <u, sum(t)>, what factor multiplies each element of t?
def sum_transpose(u, shape, axis=None, keepdims=False):
    axes = range(len(shape)) if axis is None else np.atleast_1d(axis)
    axes = tuple(sorted(int(a) % len(shape) for a in axes)) if len(shape) else ()
    if not keepdims:
        u = np.expand_dims(u, axes)
    count = int(np.prod([shape[a] for a in axes]))
    return np.broadcast_to(u, shape) / count


def broadcast_transpose(u, shape):
    leading = np.ndim(u) - len(shape)
    u = np.sum(u, axis=tuple(range(leading)))
    return np.sum(u, axis=tuple(i for i, size in enumerate(shape) if size == 1), keepdims=True)

