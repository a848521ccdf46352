# visible: fails
# mistake: returns the base's gradient only
# why: CopySlices has an edge per operand of the in-place op after the base's: c gets no gradient at all.
# see: In place through a view: the graph is rewritten
# hint: what does fn.apply return besides the window's gradient?
def copy_slices_backward(grad, fn, index):
    flat = grad.reshape(-1)
    results = fn.apply(flat[index])
    keep = np.ones(flat.shape, dtype=flat.dtype)
    keep[index.reshape(-1)] = 0
    base_grad = flat * Tensor(keep)
    if results[0] is not None:
        base_grad = base_grad + IndexPut.apply(results[0], index, flat.shape)
    return (base_grad.reshape(grad.shape),)
