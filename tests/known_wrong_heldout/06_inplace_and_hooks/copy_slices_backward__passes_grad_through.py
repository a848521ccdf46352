# heldout: passes grad through unchanged, window included
def copy_slices_backward(grad, fn, index):
    others = fn.apply(grad.reshape(-1)[index])[1:]
    return (grad * 1.0,) + tuple(others)
