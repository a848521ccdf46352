# visible: fails
# mistake: assumes fn always gives a gradient for the window
# why: a backward may return None for the old value (an overwrite makes it irrelevant); adding None fails, where zeros belong.
# see: Exercise 7 · `copy_slices_backward` (2 points)
# hint: what should the window hold when fn's first result is None?
def copy_slices_backward(grad, fn, index):
    flat = grad.reshape(-1)
    results = fn.apply(flat[index])
    keep = np.ones(flat.shape, dtype=flat.dtype)
    keep[index.reshape(-1)] = 0
    base_grad = flat * Tensor(keep) + IndexPut.apply(results[0], index, flat.shape)
    return (base_grad.reshape(grad.shape), *results[1:])
