# visible: fails
# mistake: passes grad through unchanged, window included
# why: inside the window the old values were multiplied by c, so their gradient is G_k * c; grad unchanged forgets the in-place op.
# see: Exercise 7 · `copy_slices_backward` (2 points)
# hint: what does fn's first result stand for, and where does it go?
def copy_slices_backward(grad, fn, index):
    flat = grad.reshape(-1)
    results = fn.apply(flat[index])
    return (grad, *results[1:])
