# Wrong: when fn gives None for the old window, the zeros put there are float64, so a float32 base gets a float64 gradient.
def copy_slices_backward(grad, fn, index):
    flat = grad.reshape(-1)
    n = flat.shape[0]
    results = fn.apply(flat[index])
    if not isinstance(results, tuple):
        results = (results,)
    first, others = results[0], tuple(results[1:])
    if first is None:
        first = al.zeros(index.shape)
    mask = np.ones(n, dtype=grad.dtype)
    mask[index.reshape(-1)] = 0
    old_base = flat * Tensor(mask) + IndexPut.apply(first, index, (n,))
    return (old_base.reshape(grad.shape), *others)
