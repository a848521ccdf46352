# unusual: copies u by multiplying with ones (after a reshape), and sums the copies axis by axis in a loop
# visible: passes
def sum_transpose(u, shape, axis=None, keepdims=False):
    summed = set(range(len(shape))) if axis is None else {a % len(shape) for a in np.atleast_1d(axis)}
    kept_shape = tuple(1 if i in summed else n for i, n in enumerate(shape))
    return np.reshape(u, kept_shape) * np.ones(shape)


def broadcast_transpose(u, shape):
    result = np.array(u, dtype=float)
    while result.ndim > len(shape):
        result = result.sum(axis=0)
    for i, size in enumerate(shape):
        if size == 1 and result.shape[i] != 1:
            result = result.sum(axis=i, keepdims=True)
    return result
