# visible: fails
# mistake: runs fn's backward twice
# why: one call for the window and one for the other operands doubles the work, and a backward with side effects (hooks, counters, freed tensors) runs twice.
# see: Exercise 7 · `copy_slices_backward` (2 points)
# hint: fn.apply returns every gradient at once.
def copy_slices_backward(grad, fn, index):
    flat = grad.reshape(-1)
    old = fn.apply(flat[index])[0]
    others = fn.apply(flat[index])[1:]
    keep = np.ones(flat.shape, dtype=flat.dtype)
    keep[index.reshape(-1)] = 0
    base_grad = flat * Tensor(keep)
    if old is not None:
        base_grad = base_grad + IndexPut.apply(old, index, flat.shape)
    return (base_grad.reshape(grad.shape), *others)
