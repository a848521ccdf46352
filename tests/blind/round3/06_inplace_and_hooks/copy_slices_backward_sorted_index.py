# Wrong: the window is read in sorted base order, which is the view's order for a slice but not for a transposed view.
def copy_slices_backward(grad, fn, index):
    flat = grad.reshape(-1)
    n = flat.shape[0]
    order = np.sort(index.reshape(-1)).reshape(index.shape)
    results = fn.apply(flat[order])
    if not isinstance(results, tuple):
        results = (results,)
    first, others = results[0], tuple(results[1:])
    mask = np.ones(n, dtype=grad.dtype)
    mask[order.reshape(-1)] = 0
    old_base = flat * Tensor(mask)
    if first is not None:
        old_base = old_base + IndexPut.apply(first, order, (n,))
    return (old_base.reshape(grad.shape), *others)
