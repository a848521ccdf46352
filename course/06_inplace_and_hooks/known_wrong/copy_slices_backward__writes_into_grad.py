# visible: fails
# mistake: writes the window into grad itself
# why: grad may be shared with other nodes (AddBackward hands one tensor to two inputs): changing it changes their gradients too.
# see: A hook must not change its argument
# hint: build new tensors for the result; which operation writes into an existing array?
def copy_slices_backward(grad, fn, index):
    flat = grad.reshape(-1)
    results = fn.apply(flat[index])
    window = results[0].data if results[0] is not None else 0.0
    flat.data[index] = window
    return (flat.reshape(grad.shape), *results[1:])
