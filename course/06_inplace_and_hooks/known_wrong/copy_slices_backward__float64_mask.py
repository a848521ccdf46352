# visible: passes
# mistake: makes the mask float64 whatever grad's dtype
# why: a float32 gradient times a float64 mask is float64: the base's gradient changes dtype.
# see: Exercise 7 · `copy_slices_backward` (2 points)
# hint: which dtype should the mask of ones and zeros have?
def copy_slices_backward(grad, fn, index):
    flat = grad.reshape(-1)
    results = fn.apply(flat[index])
    keep = np.ones(flat.shape)
    keep[index.reshape(-1)] = 0
    base_grad = flat * Tensor(keep)
    if results[0] is not None:
        base_grad = base_grad + IndexPut.apply(results[0], index, flat.shape)
    return (base_grad.reshape(grad.shape), *results[1:])
