# visible: passes
# mistake: fills the window with float64 zeros when fn gives None
# why: the zeros put in the window are float64 whatever grad's dtype, so a float32 base whose in-place call gives None for the old window (an overwrite) gets a float64 gradient.
# see: Exercise 7 · `copy_slices_backward` (2 points)
# hint: which dtype should the zeros that stand in for a missing gradient have?
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
