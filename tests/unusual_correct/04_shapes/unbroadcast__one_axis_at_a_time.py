# unusual: sums one axis at a time in loops, instead of one sum over a tuple of axes
# visible: passes
def unbroadcast(grad, shape):
    while grad.ndim > len(shape):
        grad = grad.sum(dim=0)
    for i, n in enumerate(shape):
        if n == 1 and grad.shape[i] != 1:
            grad = grad.sum(dim=i, keepdim=True)
    return grad
