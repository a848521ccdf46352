# visible: fails
# mistake: adds fn's result to the window instead of replacing it
# why: inside the window the old base's gradient is fn's result alone; grad there belongs to the new value, so G_k + G_k * c comes out instead of G_k * c.
# see: In place through a view: the graph is rewritten
# hint: which entries of grad still belong to the old base?
def copy_slices_backward(grad, fn, index):
    flat = grad.reshape(-1)
    results = fn.apply(flat[index])
    base_grad = flat
    if results[0] is not None:
        base_grad = base_grad + IndexPut.apply(results[0], index, flat.shape)
    return (base_grad.reshape(grad.shape), *results[1:])
