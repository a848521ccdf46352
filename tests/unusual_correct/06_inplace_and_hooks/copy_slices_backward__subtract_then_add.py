# unusual: takes the window out by subtracting its own scatter, then adds fn's result; no mask
# visible: passes
def copy_slices_backward(grad, fn, index):
    n = grad.numel()
    flat = grad.reshape(-1)
    window = flat[index]
    first, *others = fn.apply(window)
    result = flat - IndexPut.apply(window, index, (n,))
    if first is not None:
        result = result + IndexPut.apply(first, index, (n,))
    return (result.reshape(grad.shape), *others)
